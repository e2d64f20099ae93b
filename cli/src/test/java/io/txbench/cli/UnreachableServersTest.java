package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server that is named but not there, or there and silent: every target gives up within the wait,
 * says where it looked, and never measures a stand-in instead.
 */
class UnreachableServersTest {

  /** A listener that accepts connections and never says a word, as a hung server does. */
  private static final class SilentListener implements AutoCloseable {
    final ServerSocket socket;
    final List<Socket> accepted = new ArrayList<>();
    final Thread acceptor;

    SilentListener() throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    Socket s = socket.accept();
                    synchronized (accepted) {
                      accepted.add(s);
                    }
                  }
                } catch (IOException closed) {
                  // The test is over.
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      socket.close();
      synchronized (accepted) {
        for (Socket s : accepted) {
          s.close();
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "mysql", "mongo"})
  void aSilentServerIsGivenUpWithinTheWaitTimeout(String target) throws Exception {
    try (SilentListener silent = new SilentListener()) {
      long start = System.nanoTime();
      CliRun run =
          CliRun.of(
              "--benchmark-target",
              target,
              "--target-database-host",
              "127.0.0.1",
              "--target-database-port",
              String.valueOf(silent.port()),
              "--connection-wait-timeout",
              "2s",
              "--iterations",
              "10");
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals(ExitCodes.TARGET, run.exitCode(), run.err() + run.out());
      assertTrue(run.err().contains("127.0.0.1:" + silent.port()), run.err());
      // Bounded by the wait, not by a 60 s socket timeout: generous for a loaded machine.
      assertTrue(seconds < 20, target + " took " + seconds + " s: " + run.err());
      // A wait that ran out names the option that allows longer, as a busy machine may need.
      assertTrue(run.err().contains("(--connection-wait-timeout allows longer)"), run.err());
      assertFalse(run.err().contains("ReadPreferenceServerSelector"), run.err());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "mongo"})
  void aMistypedPortIsAnErrorNeverAnEmbeddedServer(String target) throws Exception {
    int port = LocalPortsForTest.unused();
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            target,
            "--target-database-port",
            String.valueOf(port),
            "--connection-wait-timeout",
            "2s",
            "--iterations",
            "10");
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.err() + run.out());
    assertTrue(run.err().contains("localhost:" + port), run.err());
    assertFalse(
        run.out().contains("started an embedded") || run.out().contains("emulator"), run.out());
  }

  @Test
  void aRunThatNeverStartedLeavesNoResultDirectory(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path out = dir.resolve("never").resolve("p8");
    CliRun run =
        CliRun.of(
            "--target-database-port",
            String.valueOf(LocalPortsForTest.unused()),
            "--connection-wait-timeout",
            "1s",
            "--parallelism",
            "2,4",
            "--output-dir",
            out.toString());
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.err());
    assertFalse(java.nio.file.Files.exists(out), "left behind: " + out);
    assertTrue(java.nio.file.Files.isDirectory(dir), "removed what it did not make");
  }

  @Test
  void mySqlNamesThePortItTried() throws Exception {
    int port = LocalPortsForTest.unused();
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mysql",
            "--target-database-port",
            String.valueOf(port),
            "--connection-wait-timeout",
            "2s");
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.err());
    assertTrue(run.err().contains("localhost:" + port), run.err());
    assertFalse(run.err().contains("3306"), run.err());
  }

  @Test
  void mySqlWithEmbeddedSaysThereIsNoneAndHowToStartOne() {
    CliRun run = CliRun.of("--benchmark-target", "mysql", "--embedded");
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.err());
    assertTrue(
        run.err()
            .startsWith(
                "txbench: --embedded, and txbench has no embedded MySQL:"
                    + " start one (docker compose"),
        run.err());
    assertFalse(run.err().contains("answered"), run.err());
  }

  @Test
  void mongoWithNothingListeningSaysSoInWords() throws Exception {
    int port = LocalPortsForTest.unused();
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mongo",
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            String.valueOf(port),
            "--connection-wait-timeout",
            "1s");
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.err());
    assertEquals(
        "txbench: cannot connect to MongoDB: nothing answered on 127.0.0.1:"
            + port
            + " within 1s (connection refused)",
        run.err().strip());
  }

  /** A loopback port nobody listens on (as far as anyone can tell: it was free a moment ago). */
  private static final class LocalPortsForTest {
    static int unused() throws IOException {
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      }
    }
  }
}
