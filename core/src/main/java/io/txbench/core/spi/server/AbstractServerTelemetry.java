package io.txbench.core.spi.server;

import java.util.List;
import java.util.Optional;

/**
 * What every server telemetry settles when it opens: the columns it reads, where its server
 * listens, and what it cannot read.
 *
 * @param <X> the driver's checked exception, as in {@link ServerTelemetry}
 */
public abstract class AbstractServerTelemetry<X extends Exception> implements ServerTelemetry<X> {
  private final List<TelemetryColumn> columns;
  private final Optional<ServerEndpoint> endpoint;
  private final Optional<String> warning;

  protected AbstractServerTelemetry(
      List<TelemetryColumn> columns, Optional<ServerEndpoint> endpoint, Optional<String> warning) {
    this.columns = List.copyOf(columns);
    this.endpoint = endpoint;
    this.warning = warning;
  }

  @Override
  public final List<TelemetryColumn> columns() {
    return columns;
  }

  @Override
  public final Optional<ServerEndpoint> endpoint() {
    return endpoint;
  }

  @Override
  public final Optional<String> warning() {
    return warning;
  }
}
