package io.txbench.cli.help;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The benchmark command's options in the help under headings (run, connection, workload, output,
 * target-specific), as sysbench and pgbench group theirs: 80 options in one list hide the few a
 * newcomer needs. The options others declare (targets, workload kinds) are known only at run time,
 * so the headings are drawn here rather than by picocli's static argument groups.
 */
public final class OptionSections implements IHelpSectionRenderer {
  /** The heading of the options no section claims: the help tests require that there be none. */
  public static final String UNSORTED = "Other options";

  /** A heading and the options under it. */
  public record Section(String heading, Predicate<OptionSpec> holds) {}

  private final List<Section> sections;

  private OptionSections(List<Section> sections) {
    this.sections = List.copyOf(sections);
  }

  /**
   * Draws {@code cli}'s option list under headings: the options in the mixins {@code mixins} name
   * (the command's fields), the workload kinds' and the targets' own.
   *
   * @param kindOptions the names of the options workload kinds declare
   * @param targetOptions the names of the options targets declare
   */
  public static void install(
      CommandLine cli, Collection<String> kindOptions, Collection<String> targetOptions) {
    CommandSpec spec = cli.getCommandSpec();
    Set<String> kinds = Set.copyOf(kindOptions);
    Set<String> targets = Set.copyOf(targetOptions);
    List<Section> sections =
        List.of(
            new Section(
                "Run",
                named(
                        "--benchmark-target",
                        "--parallelism",
                        "--warmup",
                        "--max-retries",
                        "--max-errors")
                    .or(inMixin(spec, "shape"))
                    .or(inMixin(spec, "steps"))),
            new Section("Connection", inMixin(spec, "connection")),
            new Section(
                "Workload", named("--workload", "--seed").or(o -> kinds.contains(o.longestName()))),
            new Section(
                "Output",
                inMixin(spec, "results")
                    .or(inMixin(spec, "thresholds"))
                    .or(inMixin(spec, "cost"))
                    .or(named("--log-level"))),
            new Section("Target-specific", o -> targets.contains(o.longestName())),
            new Section("Help", named("--help", "--version")));
    UsageMessageSpec usage = spec.usageMessage();
    usage.sectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "");
    usage.sectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, new OptionSections(sections));
  }

  private static Predicate<OptionSpec> named(String... names) {
    Set<String> set = Set.of(names);
    return option -> set.contains(option.longestName());
  }

  private static Predicate<OptionSpec> inMixin(CommandSpec spec, String mixin) {
    CommandSpec mixed = spec.mixins().get(mixin);
    if (mixed == null) {
      throw new IllegalStateException("the command has no mixin " + mixin);
    }
    Set<String> names = Set.copyOf(mixed.options().stream().map(OptionSpec::longestName).toList());
    return option -> names.contains(option.longestName());
  }

  @Override
  public String render(Help help) {
    List<OptionSpec> left = new ArrayList<>();
    help.commandSpec().options().stream().filter(o -> !o.hidden()).forEach(left::add);
    StringBuilder text = new StringBuilder();
    for (Section section : sections) {
      List<OptionSpec> held = left.stream().filter(section.holds()).toList();
      left.removeAll(held);
      append(help, text, section.heading(), held);
    }
    append(help, text, UNSORTED, left);
    return text.toString();
  }

  private static void append(Help help, StringBuilder text, String heading, List<OptionSpec> held) {
    if (held.isEmpty()) {
      return;
    }
    text.append(String.format("%n%s:%n", heading))
        .append(
            help.optionListExcludingGroups(
                held, help.createDefaultLayout(), null, help.createDefaultParamLabelRenderer()));
  }
}
