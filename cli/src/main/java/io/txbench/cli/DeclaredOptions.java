package io.txbench.cli;

import io.txbench.api.run.DataLevels;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.WorkloadKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Options that others declare for themselves (the targets, the workload kinds), as command-line
 * options: shown in help with the names of those that take them, parsed by their declarations, and
 * refused when nothing of the run takes them. The command line knows them only from the
 * declarations.
 */
final class DeclaredOptions {
  /** Each option once, with the names of those that declare it. */
  private final Map<String, Declared> byName = new LinkedHashMap<>();

  /** Who declares options (a target, a kind): its name and its options. */
  record Owner(String name, List<DeclaredOption<?>> options) {}

  private record Declared(DeclaredOption<?> option, List<String> owners) {}

  /** The options, by name, that set a kind's data volume: a list of values makes a sweep. */
  private final java.util.Set<String> volumes = new java.util.HashSet<>();

  DeclaredOptions(List<Owner> owners) {
    for (Owner owner : owners) {
      for (DeclaredOption<?> option : owner.options()) {
        Declared known =
            byName.computeIfAbsent(option.name(), n -> new Declared(option, new ArrayList<>()));
        if (!known.option().equals(option)) {
          throw new IllegalStateException(
              option.name()
                  + " is declared twice, differently, by "
                  + known.owners()
                  + " and "
                  + owner.name());
        }
        known.owners().add(owner.name());
      }
    }
  }

  /** The targets' options, each target by name. */
  static DeclaredOptions ofTargets(List<TargetBinding> providers) {
    return new DeclaredOptions(
        providers.stream()
            .sorted(Comparator.comparing(TargetBinding::target))
            .map(p -> new Owner(p.target(), p.options()))
            .toList());
  }

  /** The workload kinds' options, each kind once, in the order the targets serve them. */
  static DeclaredOptions ofKinds(List<WorkloadKind> kinds) {
    DeclaredOptions declared =
        new DeclaredOptions(kinds.stream().map(k -> new Owner(k.name(), k.options())).toList());
    kinds.forEach(k -> k.dataVolume().ifPresent(o -> declared.volumes.add(o.name())));
    return declared;
  }

  /** Each option's name without its dashes, and who declares it (targets or kinds, by name). */
  Map<String, List<String>> owners() {
    Map<String, List<String>> owners = new LinkedHashMap<>();
    byName.forEach((name, d) -> owners.put(name.replaceFirst("^--", ""), List.copyOf(d.owners())));
    return owners;
  }

  /** The role of each option that has one, by name without its dashes, for summary.json. */
  Map<String, OptionRole> roles() {
    Map<String, OptionRole> roles = new LinkedHashMap<>();
    byName.forEach(
        (name, d) -> {
          OptionRole role = d.option().role();
          if (role != null) {
            roles.put(name.replaceFirst("^--", ""), role);
          }
        });
    return roles;
  }

  /** Adds every declared option to {@code spec}, for help and parsing. */
  void addTo(CommandSpec spec) {
    byName.values().forEach(d -> spec.addOption(spec(d)));
  }

  private static OptionSpec spec(Declared declared) {
    DeclaredOption<?> option = declared.option();
    String description =
        String.join(", ", declared.owners())
            + ": "
            + option.description()
            + (shownDefault(option) ? " Default: " + option.defaultText() + "." : "");
    OptionSpec.Builder builder =
        OptionSpec.builder(option.name())
            .paramLabel(option.paramLabel())
            // Help text is a format string to picocli: a declared "80%" must not be read as one.
            .description(description.replace("%", "%%"))
            .defaultValue(option.defaultText());
    if (option.flag()) {
      builder.type(boolean.class).arity("0..1").fallbackValue("true");
    } else if (option.repeatable()) {
      builder.type(List.class).auxiliaryTypes(String.class).arity("1").defaultValue(null);
    } else {
      builder.type(String.class);
    }
    return builder.build();
  }

  /**
   * Whether the help adds the option's default: not for a flag, an empty default (none), or an
   * option whose description says its default in its own words (a default that depends).
   */
  private static boolean shownDefault(DeclaredOption<?> option) {
    return !option.flag()
        && !option.defaultText().isBlank()
        && !option.description().toLowerCase(java.util.Locale.ROOT).contains("default");
  }

  /**
   * The values of {@code options} as the command line gave them, the data-volume option of {@code
   * levels} (a list on the command line; {@link DataLevels#none()} for none) at its first level.
   *
   * @throws ParameterException naming the option whose value its declaration refuses
   */
  static OptionValues values(CommandSpec spec, List<DeclaredOption<?>> options, DataLevels levels) {
    OptionValues values = OptionValues.defaults();
    for (DeclaredOption<?> option : options) {
      values =
          option.equals(levels.option()) ? levels.in(values, 0) : withParsed(spec, values, option);
    }
    return values;
  }

  /**
   * The levels of {@code kind}'s data-volume option as the command line gave them (its default
   * alone when not given); {@link DataLevels#none()} for a kind without one.
   *
   * @throws ParameterException naming the option, and the value that is wrong and why
   */
  static DataLevels levels(CommandSpec spec, WorkloadKind kind) {
    return kind.dataVolume().map(option -> levels(spec, option)).orElse(DataLevels.none());
  }

  private static DataLevels levels(CommandSpec spec, DeclaredOption<?> option) {
    if (!given(spec, option)) {
      return DataLevels.byDefault(option);
    }
    try {
      return DataLevels.parse(option, text(spec, option));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option.name() + ": " + e.getMessage());
    }
  }

  /** {@code values} with {@code option} as the command line gave it; as they were where not. */
  private static <T> OptionValues withParsed(
      CommandSpec spec, OptionValues values, DeclaredOption<T> option) {
    return given(spec, option) ? values.with(option, parsed(spec, option)) : values;
  }

  /** Whether the command line gave {@code option}, rather than leaving it at its default. */
  private static boolean given(CommandSpec spec, DeclaredOption<?> option) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    return parsed == null || parsed.hasMatchedOption(option.name());
  }

  /** The text of {@code option} on the command line: its default when not given. */
  private static String text(CommandSpec spec, DeclaredOption<?> option) {
    Object given = spec.findOption(option.name()).getValue();
    return given == null
        ? option.defaultText()
        : given instanceof List<?> list
            ? list.isEmpty()
                ? option.defaultText()
                : String.join(",", list.stream().map(String::valueOf).toList())
            : String.valueOf(given);
  }

  private static <T> T parsed(CommandSpec spec, DeclaredOption<T> option) {
    String text = text(spec, option);
    try {
      return option.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option.name() + ": " + e.getMessage());
    }
  }

  /**
   * Every declared option's value, typed as its declaration reads it, for summary.json: a row count
   * is a number there, not the text it was typed as.
   */
  Map<String, Object> shown(CommandSpec spec) {
    Map<String, Object> shown = new LinkedHashMap<>();
    // A list of data levels shows its first: each run's summary shows its own level instead.
    byName.forEach(
        (name, declared) ->
            shown.put(
                name,
                volumes.contains(name)
                    ? levels(spec, declared.option()).values().get(0)
                    : parsed(spec, declared.option())));
    return shown;
  }

  /**
   * Refuses an option given on the command line that none of {@code owners} takes: it would be
   * ignored without a word.
   */
  void checkApplies(CommandSpec spec, List<String> owners) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    for (Declared declared : byName.values()) {
      String name = declared.option().name();
      if (parsed != null
          && parsed.hasMatchedOption(name)
          && declared.owners().stream().noneMatch(owners::contains)) {
        throw new ParameterException(
            spec.commandLine(),
            name
                + " applies to "
                + String.join(", ", declared.owners())
                + " only, not to "
                + String.join(", ", owners));
      }
    }
  }
}
