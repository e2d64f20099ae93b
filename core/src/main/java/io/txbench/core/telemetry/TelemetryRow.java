package io.txbench.core.telemetry;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One period of telemetry, as {@code server.csv} writes it: {@code t}, seconds from the measured
 * run's start to the period's end, its length {@code periodSeconds}, and a value for each of {@code
 * columns} (a {@link Long} or a {@link Double}; null where it was not measured: a read that failed
 * or came too late). The columns are the same in every row of a run.
 */
public record TelemetryRow(
    double t, double periodSeconds, List<String> columns, List<@Nullable Number> values) {

  public TelemetryRow {
    columns = List.copyOf(columns);
    values = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
    if (values.size() != columns.size()) {
      throw new IllegalArgumentException(
          values.size() + " values for " + columns.size() + " columns");
    }
  }

  /** The value of {@code column}, or null when it was not measured or is no column of the row. */
  public @Nullable Number value(String column) {
    int i = columns.indexOf(column);
    return i < 0 ? null : values.get(i);
  }
}
