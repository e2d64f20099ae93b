package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.client.IsolationLevel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server that accepts connections and never says a word (frozen, or not MySQL at all): opening
 * the target fails after the connection wait, through either driver, rather than waiting forever.
 */
class FrozenServerTest {
  @Test
  void creatingTheOwnDatabaseOnASilentServerFailsAfterTheConnectionWait() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      List<Socket> held = java.util.Collections.synchronizedList(new ArrayList<>());
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    held.add(silent.accept()); // kept open, never written to
                  }
                } catch (java.io.IOException e) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      TargetOptions options =
          new TargetOptions(
              "127.0.0.1",
              silent.getLocalPort(),
              "txbench",
              "root",
              Secret.none(),
              null,
              1,
              1,
              Duration.ofSeconds(1),
              Duration.ofSeconds(1),
              OptionValues.of(IsolationLevel.OPTION, IsolationLevel.READ_COMMITTED));
      for (MySqlDriver driver : MySqlDriver.values()) {
        MySqlDialect dialect = new MySqlDialect(driver, false);
        // A hang guard, not a measure of speed: the wait is 1 s, the guard a minute.
        assertTimeoutPreemptively(
            Duration.ofMinutes(1),
            () -> assertThrows(SQLException.class, () -> dialect.createOwnDatabase(options)),
            driver.toString());
      }
      for (Socket socket : held) {
        socket.close();
      }
    }
  }
}
