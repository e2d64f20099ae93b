package io.txbench.cli;

import io.txbench.core.spi.values.Credentials;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Every option of a command and its value as the run used it, for summary.json. */
final class ShownOptions {
  private ShownOptions() {}

  /**
   * The options of {@code spec}, with the password option's value and URLs' secrets masked; an
   * option in {@code typed} is shown with the value there (a declared option, as its declaration
   * read it).
   */
  static Map<String, Object> of(CommandSpec spec, Map<String, Object> typed) {
    Map<String, Object> shown = new LinkedHashMap<>();
    for (OptionSpec option : spec.options()) {
      String name = option.longestName();
      if (option.usageHelp() || option.versionHelp()) {
        continue;
      }
      Object value = typed.containsKey(name) ? typed.get(name) : option.getValue();
      if (name.equals("--target-database-password")) {
        value = value == null ? null : "****";
      } else {
        value = masked(value);
      }
      shown.put(name.replaceFirst("^--", ""), value);
    }
    return shown;
  }

  /** An option's value as it may be shown. */
  private static @Nullable Object masked(@Nullable Object value) {
    if (value == null || value instanceof Number || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Collection<?> values) {
      return values.stream().map(ShownOptions::masked).toList();
    }
    // Options are txbench's own words: a password stands in them only in a URL's shape.
    return Credentials.maskUrl(value.toString());
  }
}
