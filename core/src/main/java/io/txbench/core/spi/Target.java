package io.txbench.core.spi;

import io.txbench.core.spi.server.ServerTelemetry;
import java.util.Map;

/** A database under test: its client (a pool or a driver client) and what it knows of errors. */
public interface Target extends AutoCloseable {

  /** The product and version the server reports, e.g. {@code PostgreSQL 17.2}. */
  String serverVersion();

  /**
   * The client library that speaks to the server and its version, e.g. {@code PostgreSQL JDBC
   * Driver 42.7.14}.
   */
  String driver();

  /**
   * The server's settings that decide a run's figures (its version, memory, durability), read once
   * when the target opened: name to value as the server states them, in a stable order. A setting
   * the server lacks or the user may not read is left out; none when they could not be read.
   */
  default Map<String, String> serverSettings() {
    return Map.of();
  }

  /**
   * The server's own counters on a connection of their own, never a worker's, opened now; the
   * caller closes it. Empty for a target that has none. It does not throw: what it cannot read it
   * says in its {@link ServerTelemetry#warning()}.
   */
  default java.util.Optional<ServerTelemetry<?>> telemetry() {
    return java.util.Optional.empty();
  }

  /**
   * Whether the end of a run prints Apache ab's table of the share of requests served within each
   * time, for a target whose users read their figures in it (an API in front of a database).
   */
  default boolean percentageTable() {
    return false;
  }

  /** Says whether an exception thrown by an iteration is worth retrying, and its class. */
  Failure classify(Throwable error);

  /**
   * Whether {@code error} is the server's answer refusing a statement (no privilege, a full disk, a
   * constraint), as opposed to a lost connection or a fault of txbench's own.
   */
  default boolean refusedByServer(Throwable error) {
    return false;
  }

  /** Closes the client; never throws. */
  @Override
  void close();
}
