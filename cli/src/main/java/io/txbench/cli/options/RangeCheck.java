package io.txbench.cli.options;

import io.txbench.core.spi.values.Range;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * An option's value checked against its {@link Range} (for the run's own options, those of {@link
 * io.txbench.core.settings.Limits}, which the Java API checks too), refused as a usage error in one
 * line: {@code --parallelism must be between 1 and 4,096, not 0}.
 */
public final class RangeCheck {
  private final CommandSpec spec;

  public RangeCheck(CommandSpec spec) {
    this.spec = spec;
  }

  /** {@code value} of {@code option} lies in {@code range}; null (not given) passes. */
  public <T extends Comparable<? super T>> void check(
      String option, Range<T> range, @Nullable T value) {
    if (value == null) {
      return;
    }
    try {
      range.check(value);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option + " " + e.getMessage());
    }
  }
}
