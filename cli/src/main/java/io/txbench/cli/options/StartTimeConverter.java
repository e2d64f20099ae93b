package io.txbench.cli.options;

import io.txbench.core.settings.StartTimes;
import java.time.Clock;
import java.time.Instant;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --start-at} as {@link StartTimes#parse} does, against the system's clock. */
public final class StartTimeConverter implements ITypeConverter<Instant> {

  @Override
  public Instant convert(String value) {
    try {
      return StartTimes.parse(value, Clock.systemUTC());
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
