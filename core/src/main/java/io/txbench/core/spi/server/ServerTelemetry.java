package io.txbench.core.spi.server;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server's own counters, read on a connection of telemetry's own (never a worker's), for {@code
 * server.csv} and the commit cross-check. A target offers it ({@code Target.telemetry()}); the
 * sampler reads it once per metrics period on a thread of its own. Its methods are called from one
 * thread at a time.
 *
 * @param <X> the driver's checked exception, as in {@link io.txbench.core.spi.Workload}
 */
public interface ServerTelemetry<X extends Exception> extends AutoCloseable {

  /**
   * The counters it reads, in the order {@code server.csv} writes them; none when it reads none.
   */
  List<TelemetryColumn> columns();

  /** The columns' values now, by name; a column it could not read this time is missing. */
  Map<String, Long> read() throws X;

  /** Where its server listens, to find the server's processes when they run on this machine. */
  Optional<ServerEndpoint> endpoint();

  /**
   * One line on what it cannot read (no privilege), shown once as a warning; empty when it reads
   * all it means to.
   */
  Optional<String> warning();

  /**
   * The server's committed-transaction counter, when it has one the user may read; when it has one
   * it cannot read, {@link #warning()} says why.
   */
  Optional<CommitCounter<X>> commits();

  /** Closes its connection; never throws. */
  @Override
  void close();

  /**
   * Telemetry that reads no counter: it still says where the server listens ({@code endpoint}) and
   * why it reads nothing ({@code why}, a warning), when it could not open a connection of its own.
   */
  static <X extends Exception> ServerTelemetry<X> none(
      Optional<ServerEndpoint> endpoint, Optional<String> why) {
    return new AbstractServerTelemetry<X>(List.of(), endpoint, why) {
      @Override
      public Map<String, Long> read() {
        return Map.of();
      }

      @Override
      public Optional<CommitCounter<X>> commits() {
        return Optional.empty();
      }

      @Override
      public void close() {}
    };
  }
}
