package io.txbench.core.spi.server;

/**
 * One column of the server's own numbers in {@code server.csv}: its name without the {@code db_}
 * prefix (the server's own name, lower case, {@code .} made {@code _}), and whether it counts (a
 * delta per period is written) or measures (its value at the period's end is written).
 */
public record TelemetryColumn(String name, Kind kind) {

  /** How a column's values are written. */
  public enum Kind {
    /** A count that only grows: its growth over the period. */
    COUNTER,
    /** A level (bytes in a cache, a queue's length): its value at the period's end. */
    GAUGE
  }

  public static TelemetryColumn counter(String name) {
    return new TelemetryColumn(name, Kind.COUNTER);
  }

  public static TelemetryColumn gauge(String name) {
    return new TelemetryColumn(name, Kind.GAUGE);
  }
}
