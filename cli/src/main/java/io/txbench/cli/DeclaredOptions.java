package io.txbench.cli;

import io.txbench.core.DeclaredOption;
import io.txbench.core.OptionValues;
import io.txbench.core.WorkloadProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The options the targets declare for themselves, as command-line options: shown in help with the
 * targets that take them, parsed by their declarations, and refused when no target of the run
 * takes them. The command line knows their names only from the declarations.
 */
final class DeclaredOptions {
  /** Each option once, with the targets that declare it. */
  private final Map<String, Declared> byName = new LinkedHashMap<>();

  private record Declared(DeclaredOption<?> option, List<String> targets) {}

  DeclaredOptions(List<WorkloadProvider> providers) {
    for (WorkloadProvider provider : providers.stream()
        .sorted(java.util.Comparator.comparing(WorkloadProvider::target)).toList()) {
      for (DeclaredOption<?> option : provider.options()) {
        Declared known = byName.computeIfAbsent(option.name(),
            n -> new Declared(option, new ArrayList<>()));
        if (!known.option().equals(option)) {
          throw new IllegalStateException(option.name() + " is declared twice, differently, by "
              + known.targets() + " and " + provider.target());
        }
        known.targets().add(provider.target());
      }
    }
  }

  /** Adds every declared option to {@code spec}, for help and parsing. */
  void addTo(CommandSpec spec) {
    byName.values().forEach(d -> spec.addOption(spec(d)));
  }

  private static OptionSpec spec(Declared declared) {
    DeclaredOption<?> option = declared.option();
    String description = String.join(", ", declared.targets()) + ": " + option.description()
        + (option.flag() ? "" : " Default: " + option.defaultText() + ".");
    OptionSpec.Builder builder = OptionSpec.builder(option.name())
        .paramLabel(option.paramLabel())
        .description(description)
        .defaultValue(option.defaultText());
    if (option.flag()) {
      builder.type(boolean.class).arity("0..1").fallbackValue("true");
    } else {
      builder.type(String.class);
    }
    return builder.build();
  }

  /**
   * The values of {@code provider}'s options as the command line gave them.
   *
   * @throws ParameterException naming the option whose value its declaration refuses
   */
  OptionValues valuesFor(CommandSpec spec, WorkloadProvider provider) {
    OptionValues values = OptionValues.defaults();
    for (DeclaredOption<?> option : provider.options()) {
      values = withParsed(spec, values, option);
    }
    return values;
  }

  private static <T> OptionValues withParsed(CommandSpec spec, OptionValues values,
      DeclaredOption<T> option) {
    Object given = spec.findOption(option.name()).getValue();
    String text = given == null ? option.defaultText() : String.valueOf(given);
    try {
      return values.with(option, option.parse(text));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option.name() + ": " + e.getMessage());
    }
  }

  /**
   * Refuses an option given on the command line that none of {@code targets} takes: it would be
   * ignored without a word.
   */
  void checkApplies(CommandSpec spec, List<String> targets) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    for (Declared declared : byName.values()) {
      String name = declared.option().name();
      if (parsed != null && parsed.hasMatchedOption(name)
          && declared.targets().stream().noneMatch(targets::contains)) {
        throw new ParameterException(spec.commandLine(), name + " applies to "
            + String.join(", ", declared.targets()) + " only, not to " + String.join(", ", targets));
      }
    }
  }
}
