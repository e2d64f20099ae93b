package io.txbench.postgres;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.LibraryLogger;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlDialect;
import io.txbench.postgres.async.AsyncPgClient;
import io.txbench.postgres.async.PgClient;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL, on PgJDBC or the event-loop client ({@code --pg-client}). A database that speaks
 * PostgreSQL's protocol may extend it with its own name, rank and dialect.
 */
public class PostgresBinding extends JdbcBinding {
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
  public List<DeclaredOption<?>> options() {
    List<DeclaredOption<?>> options = new ArrayList<>(super.options());
    options.add(PgClient.OPTION);
    return List.copyOf(options);
  }

  /** A URL the workers' client cannot follow is refused before anything connects. */
  @Override
  public void checkUrl(TargetOptions options) {
    super.checkUrl(options);
    if (options.declared().get(PgClient.OPTION) == PgClient.ASYNC) {
      AsyncPgClient.checkUrl(options); // throws IllegalArgumentException, in words
    }
  }

  /**
   * Opens the target for PgJDBC's workers, or, with {@code --pg-client async}, for workers on the
   * event-loop client: PgJDBC's pools then serve prepare, verify and telemetry only, and open no
   * worker connection ahead.
   */
  @Override
  public OpenTarget<JdbcTarget, SQLException> open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException {
    if (target.declared().get(PgClient.OPTION) == PgClient.JDBC) {
      return super.open(target, workload);
    }
    return openOnEventLoop(target, workload, () -> AsyncPgClient.of(target));
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
