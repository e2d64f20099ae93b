package io.txbench.cli;

import io.txbench.api.run.ReporterKind;
import io.txbench.core.engine.Arrivals;
import java.util.Arrays;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads an enum option by its constants' words as help and summary.json write them ({@code
 * toString()}, lower case), in any case; a wrong word is refused naming the words, not the
 * constants.
 */
abstract class WordConverter<E extends Enum<E>> implements ITypeConverter<E> {
  private final Class<E> type;

  WordConverter(Class<E> type) {
    this.type = type;
  }

  @Override
  public E convert(String value) {
    return Arrays.stream(type.getEnumConstants())
        .filter(c -> c.toString().equalsIgnoreCase(value.strip()))
        .findFirst()
        .orElseThrow(
            () ->
                new TypeConversionException(
                    "'"
                        + value
                        + "' is not one of: "
                        + Arrays.stream(type.getEnumConstants())
                            .map(Object::toString)
                            .collect(Collectors.joining(", "))));
  }

  /** For {@code --rate-distribution}. */
  static final class Distributions extends WordConverter<Arrivals> {
    Distributions() {
      super(Arrivals.class);
    }
  }

  /** For {@code --metrics-reporter}. */
  static final class Reporters extends WordConverter<ReporterKind> {
    Reporters() {
      super(ReporterKind.class);
    }
  }
}
