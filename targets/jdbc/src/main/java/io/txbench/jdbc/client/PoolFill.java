package io.txbench.jdbc.client;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens every connection the workers' pool keeps ({@code --min-connections}) before the run, when
 * workers share the pool's connections rather than hold one each, as the event-loop client's pool
 * does: HikariCP would otherwise open them in the background while the run is measured, and each
 * login is a commit the server counts in the run; and a server that admits fewer connections than
 * asked fails the run up front, naming its refusal, rather than letting it run on the connections
 * it had.
 */
final class PoolFill {
  private static final Logger LOG = LoggerFactory.getLogger(PoolFill.class);

  private final HikariDataSource pool;
  private boolean filled;
  private @Nullable SQLException failure; // every later session fails as the first did, at once

  PoolFill(HikariDataSource pool) {
    this.pool = pool;
  }

  /**
   * Opens the pool's connections, once, and has each publish its counts ({@link CountsPublisher})
   * while all are held: a login commits, and a session left unpublished before the run would
   * publish it in the run, where the workers' own quiet moments need not reach every connection.
   * Every later call returns, or fails, at once.
   */
  synchronized void fill(CountsPublisher publisher) throws SQLException {
    if (failure != null) {
      throw failure;
    }
    if (filled) {
      return;
    }
    int wanted = pool.getMinimumIdle();
    List<Connection> held = new ArrayList<>(wanted);
    try {
      for (int i = 0; i < wanted; i++) {
        held.add(pool.getConnection());
      }
    } catch (SQLException e) {
      // HikariCP's time-out names the pool's counts; the server's own refusal is its cause.
      String refusal = e.getCause() instanceof SQLException cause ? cause.getMessage() : null;
      failure =
          new SQLException(
              "the server let txbench open "
                  + held.size()
                  + " of the "
                  + wanted
                  + " connections --min-connections asks for: "
                  + (refusal != null ? refusal : e.getMessage()),
              e.getSQLState(),
              e);
      throw failure;
    } finally {
      for (Connection c : held) {
        if (held.size() == wanted) {
          publish(publisher, c);
        }
        c.close();
      }
    }
    filled = true;
  }

  private static void publish(CountsPublisher publisher, Connection c) {
    try {
      publisher.publish(c);
    } catch (SQLException | RuntimeException e) {
      // The commit check waits for a session that did not publish: nothing is lost.
      LOG.debug("a pooled connection did not publish its counts: {}", e.toString());
    }
  }
}
