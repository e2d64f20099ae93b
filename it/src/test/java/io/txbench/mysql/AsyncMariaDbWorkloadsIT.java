package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
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
import java.util.Set;
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
 * telemetry and the drivers' choice, which no worker's client changes, run there only.
 */
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
