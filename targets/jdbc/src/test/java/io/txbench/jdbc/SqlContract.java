package io.txbench.jdbc;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.client.IsolationLevel;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the SQL contract tests share: each test in a namespace of its own (a schema, or a database)
 * on a real server, and the means to run workloads there and read their effects back. Subclasses
 * say where the server is and how to make a namespace.
 */
public abstract class SqlContract {
  private String schema;
  private String url;

  /** The provider under test. */
  protected abstract JdbcBinding provider();

  /** A JDBC URL of the server under test, with credentials. */
  protected abstract String serverUrl();

  /** Creates an empty namespace (schema or database) and returns a JDBC URL that uses it. */
  protected abstract String createNamespace(String name) throws SQLException;

  /** Drops a namespace made by {@link #createNamespace}. */
  protected abstract void dropNamespace(String name) throws SQLException;

  /** The URL parameter that turns TLS off, so that the fault proxy can read the requests. */
  protected abstract String plainTextParameter();

  /** The isolation level under which the airline must keep every invariant on this server. */
  protected IsolationLevel strictIsolation() {
    return IsolationLevel.REPEATABLE_READ;
  }

  @BeforeEach
  void createSchema() throws SQLException {
    schema = "txbench_it_" + UUID.randomUUID().toString().substring(0, 8);
    url = createNamespace(schema);
  }

  @AfterEach
  void dropSchema() throws SQLException {
    dropNamespace(schema);
  }

  /** The current test's namespace (schema or database). */
  protected String schema() {
    return schema;
  }

  /** A URL of the current test's namespace. */
  protected String url() {
    return url;
  }

  /** Runs one statement on the server URL (outside the test's namespace). */
  protected void sql(String statement) throws SQLException {
    try (Connection c = DriverManager.getConnection(serverUrl());
        Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  /** Runs one statement in the current test's namespace. */
  protected void execute(String statement) throws SQLException {
    try (Connection c = DriverManager.getConnection(url());
        Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  protected long query(String sql) throws SQLException {
    return TestSql.query(url(), sql);
  }

  protected TargetOptions target(int connections, IsolationLevel isolation) {
    return new TargetOptions(
        null,
        0,
        null,
        null,
        Secret.none(),
        url(),
        connections,
        connections,
        Duration.ofSeconds(10),
        Duration.ofMinutes(10),
        OptionValues.of(IsolationLevel.OPTION, isolation));
  }

  /** The same target reached through {@code proxy}, in plain text. */
  protected TargetOptions through(FaultProxy proxy, int connections, IsolationLevel isolation) {
    String proxied =
        proxy.rewrite(url()) + (url().contains("?") ? "&" : "?") + plainTextParameter();
    return new TargetOptions(
        null,
        0,
        null,
        null,
        Secret.none(),
        proxied,
        connections,
        connections,
        Duration.ofSeconds(10),
        Duration.ofMinutes(10),
        OptionValues.of(IsolationLevel.OPTION, isolation));
  }

  protected static WorkloadOptions workload(String name, long tableSize, boolean noTransaction) {
    return WorkloadFixtures.options(name, tableSize, 42, noTransaction, 0);
  }

  /**
   * {@code workers} workers for {@code iterations} iterations, as {@link WorkloadRun#run(
   * io.txbench.core.spi.TargetBinding, TargetOptions, WorkloadOptions, long, boolean)} runs them:
   * for the runs with something done alongside.
   */
  protected static RunOptions forIterations(int workers, long iterations) {
    return new RunOptions(
        workers,
        new ForIterations(iterations),
        Duration.ofSeconds(1),
        10,
        0,
        7,
        Backoff.defaults(),
        new ClosedLoop());
  }

  protected WorkloadRun.Outcome run(
      WorkloadOptions options,
      int threads,
      long iterations,
      boolean prepare,
      IsolationLevel isolation)
      throws Exception {
    return WorkloadRun.run(provider(), target(threads, isolation), options, iterations, prepare);
  }
}
