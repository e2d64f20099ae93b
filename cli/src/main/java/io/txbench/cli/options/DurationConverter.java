package io.txbench.cli.options;

import io.txbench.core.spi.values.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a duration as {@link Durations#parse} does, for picocli. */
public final class DurationConverter implements ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    try {
      return Durations.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
