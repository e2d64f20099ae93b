package io.txbench.postgres;

import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.LibraryLogger;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.SqlDialect;
import java.util.ArrayList;
import java.util.List;

public final class PostgresBinding extends JdbcBinding {
  private final PostgresDialect dialect = new PostgresDialect();

  @Override
  public String target() {
    return "postgres";
  }

  /** The target of a command that names none: its embedded server needs nothing installed. */
  @Override
  public int defaultRank() {
    return 0;
  }

  @Override
  protected SqlDialect dialect() {
    return dialect;
  }

  @Override
  public List<String> urlSchemes() {
    return List.of("jdbc:postgresql:");
  }

  @Override
  public EmbeddedServer startEmbedded(String why) throws TargetUnavailableException {
    try {
      return EmbeddedPostgresServer.start();
    } catch (RuntimeException e) {
      throw new TargetUnavailableException(e.getMessage(), e);
    }
  }

  @Override
  public List<LibraryLogger> loggers() {
    List<LibraryLogger> loggers = new ArrayList<>(super.loggers());
    loggers.add(new LibraryLogger("org.postgresql", "WARN"));
    // It logs a failed stop with a stack trace; EmbeddedPostgresServer.close says what matters.
    loggers.add(new LibraryLogger("io.zonky", "OFF"));
    return List.copyOf(loggers);
  }
}
