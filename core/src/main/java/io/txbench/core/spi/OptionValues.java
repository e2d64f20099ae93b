package io.txbench.core.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The values of declared options ({@link DeclaredOption}) for one target or workload: an option
 * nobody gave has its default. Immutable.
 */
public final class OptionValues {
  private static final OptionValues DEFAULTS = new OptionValues(Map.of());
  private final Map<DeclaredOption<?>, Object> values;

  private OptionValues(Map<DeclaredOption<?>, Object> values) {
    this.values = values;
  }

  /** Every option at its default. */
  public static OptionValues defaults() {
    return DEFAULTS;
  }

  /** Every option at its default but {@code option}. */
  public static <T> OptionValues of(DeclaredOption<T> option, T value) {
    return DEFAULTS.with(option, value);
  }

  /** These values, and {@code option} set to {@code value}. */
  public <T> OptionValues with(DeclaredOption<T> option, T value) {
    Map<DeclaredOption<?>, Object> copy = new LinkedHashMap<>(values);
    copy.put(option, value);
    return new OptionValues(Map.copyOf(copy));
  }

  /** The value of {@code option}: as given, or its default. */
  public <T> T get(DeclaredOption<T> option) {
    Object value = values.get(option);
    if (value == null) {
      return option.defaultValue();
    }
    @SuppressWarnings("unchecked") // with() stores a T under a DeclaredOption<T> only
    T typed = (T) value;
    return typed;
  }

  /** Whether {@code option} was given a value (its default or not), rather than left at it. */
  public boolean isSet(DeclaredOption<?> option) {
    return values.containsKey(option);
  }

  /** The options given a value, each by its name without dashes ({@code table-size}). */
  public Map<String, Object> byName() {
    Map<String, Object> named = new LinkedHashMap<>();
    values.forEach((option, value) -> named.put(option.name().substring(2), value));
    return named;
  }

  /** The options given a value, with their values. */
  public Map<DeclaredOption<?>, Object> asMap() {
    return values;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OptionValues o && o.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return values.entrySet().stream()
        .map(e -> e.getKey().name() + "=" + e.getValue())
        .collect(Collectors.joining(", ", "{", "}"));
  }
}
