package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.FaultProxy;
import io.txbench.jdbc.SqlAnalyticsContract;
import io.txbench.jdbc.SqlFaultsContract;
import io.txbench.jdbc.SqlMixContract;
import io.txbench.jdbc.SqlOltpContract;
import io.txbench.jdbc.SqlScriptContract;
import io.txbench.jdbc.SqlStatementTimesContract;
import io.txbench.jdbc.SqlWorkloadsContract;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.mysql.async.MySqlClient;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SQL contract's workload tests (faults, airline, items, OLTP, mix, YCSB and analytics, scripts
 * and their statements' times) on the event-loop client ({@code --mysql-client async}), against the
 * MariaDB {@link EmbeddedMariaDbWorkloadsIT} runs them on with MariaDB Connector/J: the same kinds'
 * classes, the same assertions on what the server holds. The tests of setup, ownership, growth,
 * telemetry and the drivers' choice, which no worker's client changes, run there only. In the long
 * tier while {@code jdbc} is MySQL's default client: the default tier keeps its time.
 */
@Tag("long")
@ExtendWith(AsyncMariaDbWorkloadsIT.WorkloadTestsOnly.class)
class AsyncMariaDbWorkloadsIT extends EmbeddedMariaDbWorkloadsIT {

  @Override
  protected TargetOptions target(int connections, IsolationLevel isolation) {
    return super.target(connections, isolation).with(MySqlClient.OPTION, MySqlClient.ASYNC);
  }

  @Override
  protected TargetOptions through(FaultProxy proxy, int connections, IsolationLevel isolation) {
    return super.through(proxy, connections, isolation).with(MySqlClient.OPTION, MySqlClient.ASYNC);
  }

  /**
   * The contract's tests count an iteration that failed as one that ran (iterations and errors add
   * up); here each kind runs on the event-loop client, named as the workers' driver, without a
   * single error, and the server holds exactly what committed.
   */
  @ParameterizedTest
  @CsvSource({
    "point-select, 1000, 4, 400",
    "update, 1000, 4, 400",
    "insert, 0, 4, 400",
    "oltp-read-write, 1000, 4, 100",
    "airline, 0, 4, 200"
  })
  void eachKindRunsOnTheEventLoopClientWithoutAnError(
      String kind, long rows, int workers, long iterations) throws Exception {
    WorkloadOptions options = workload(kind, rows, false);
    try (Target opened =
        provider().open(target(1, IsolationLevel.READ_COMMITTED), options).target()) {
      assertTrue(opened.driver().startsWith("txbench's MySQL protocol client"), opened.driver());
    }
    WorkloadRun.Outcome o = run(options, workers, iterations, true, IsolationLevel.READ_COMMITTED);
    Outcomes outcomes = o.result().outcomes();
    assertEquals(iterations, outcomes.iterations(), o.describe());
    assertEquals(0, outcomes.errors() + outcomes.inDoubt() + outcomes.retries(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    if (kind.equals("update") || kind.equals("oltp-read-write")) {
      assertEquals(iterations, query("SELECT SUM(updates) FROM item"), o.describe());
    }
  }

  /**
   * {@code --disable-transaction}: the connections keep autocommit on, each write commits on its
   * own, and the server holds every one.
   */
  @Test
  void withoutTransactionsEachWriteCommitsOnItsOwn() throws Exception {
    WorkloadRun.Outcome o =
        run(workload("update", 1000, true), 4, 400, true, IsolationLevel.READ_COMMITTED);
    Outcomes outcomes = o.result().outcomes();
    assertEquals(400, outcomes.iterations(), o.describe());
    assertEquals(0, outcomes.errors() + outcomes.inDoubt(), o.describe());
    assertEquals(400, query("SELECT SUM(updates) FROM item"), o.describe());
  }

  /**
   * 16 workers on {@code --max-connections 2}: they take turns on two connections, the server never
   * sees more of them (beside the target's own JDBC connections, which open a few), and what
   * committed is exactly what the server holds.
   */
  @Test
  void workersBeyondMaxConnectionsShareThemAndCommitWhatTheServerHolds() throws Exception {
    AtomicLong most = new AtomicLong();
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(2, IsolationLevel.READ_COMMITTED),
            workload("oltp-read-write", 1000, false),
            forIterations(16, 1500),
            true,
            () -> {
              for (int i = 0; i < 25; i++) {
                most.accumulateAndGet(sessions().size(), Math::max);
                Thread.sleep(20);
              }
            });
    Outcomes outcomes = o.result().outcomes();
    assertEquals(1500, outcomes.iterations(), o.describe());
    assertEquals(0, outcomes.errors() + outcomes.inDoubt(), o.describe());
    assertEquals(1500, query("SELECT SUM(updates) FROM item"), o.describe());
    assertTrue(most.get() >= 1 && most.get() <= 2 + 3, "connections seen: " + most.get());
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * The server kills every connection of the run's database mid-run (the target's JDBC ones too):
   * only the iteration each worker had in hand meets it, counted as an error or in doubt, never
   * committed; the next opens a connection, and the server holds every committed iteration and
   * perhaps those in doubt.
   */
  @ParameterizedTest
  @CsvSource({
    "update, 1000, 20000, SELECT SUM(updates) FROM item",
    "airline, 0, 4000, SELECT COUNT(*) FROM seat"
  })
  void connectionsKilledMidRunAreCountedOncePerWorkerAndVerifyPasses(
      String kind, long rows, long iterations, String committed) throws Exception {
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(4, IsolationLevel.REPEATABLE_READ),
            workload(kind, rows, false),
            new RunOptions(
                4,
                new ForIterations(iterations),
                Duration.ofSeconds(1),
                3,
                0,
                7,
                new Backoff(Duration.ofMillis(1), Duration.ofMillis(20)),
                new ClosedLoop()),
            true,
            () -> {
              // Once a twentieth of the run committed: well under way, far from its end.
              for (int polls = 0; query(committed) < iterations / 20 && polls < 30_000; polls++) {
                Thread.sleep(5);
              }
              try (Connection c = DriverManager.getConnection(url());
                  Statement s = c.createStatement()) {
                for (long id : sessions(c)) { // not this one, which kills them
                  try {
                    s.execute("KILL CONNECTION " + id);
                  } catch (SQLException gone) {
                    // it ended meanwhile
                  }
                }
              }
            });
    System.out.println(kind + " with its connections killed: " + o.describe());
    Outcomes outcomes = o.result().outcomes();
    assertEquals(
        iterations, outcomes.iterations() + outcomes.errors() + outcomes.inDoubt(), o.describe());
    long lost =
        outcomes.errorsByClass().getOrDefault(ErrorClass.CONNECTION, 0L) + outcomes.inDoubt();
    assertTrue(lost > 0, "no iteration met the killed connections: " + o.describe());
    assertTrue(lost <= 4, o.describe());
    long held = query(committed);
    assertTrue(
        held >= outcomes.iterations() && held <= outcomes.iterations() + outcomes.inDoubt(),
        held + " for " + o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  /** The ids of the server's sessions in the run's database, but the one asking. */
  private List<Long> sessions() throws SQLException {
    try (Connection c = DriverManager.getConnection(url())) {
      return sessions(c);
    }
  }

  /** The ids of the server's sessions in the run's database, but {@code c}'s. */
  private List<Long> sessions(Connection c) throws SQLException {
    String url = url();
    String database = url.substring(baseUrl().length(), url.indexOf('?'));
    List<Long> ids = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT ID FROM information_schema.PROCESSLIST"
                + " WHERE DB = ? AND ID <> CONNECTION_ID()")) {
      s.setString(1, database);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
        }
      }
    }
    return ids;
  }

  /** Runs the tests the contract's workload classes declare, and no other. */
  static final class WorkloadTestsOnly implements ExecutionCondition {
    private static final Set<Class<?>> WORKLOADS =
        Set.of(
            SqlFaultsContract.class,
            SqlWorkloadsContract.class,
            SqlOltpContract.class,
            SqlMixContract.class,
            SqlAnalyticsContract.class,
            SqlScriptContract.class,
            SqlStatementTimesContract.class,
            AsyncMariaDbWorkloadsIT.class);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      Class<?> declaring = context.getTestMethod().map(Method::getDeclaringClass).orElse(null);
      if (declaring == null || WORKLOADS.contains(declaring)) {
        return ConditionEvaluationResult.enabled("a workload test");
      }
      return ConditionEvaluationResult.disabled(
          "no worker's client changes it: run on the JDBC driver");
    }
  }
}
