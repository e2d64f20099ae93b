package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.jdbc.FaultProxy;
import io.txbench.jdbc.SqlAnalyticsContract;
import io.txbench.jdbc.SqlFaultsContract;
import io.txbench.jdbc.SqlMixContract;
import io.txbench.jdbc.SqlOltpContract;
import io.txbench.jdbc.SqlScriptContract;
import io.txbench.jdbc.SqlStatementTimesContract;
import io.txbench.jdbc.SqlWorkloadsContract;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.postgres.async.PgClient;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SQL contract's workload tests (faults, airline, items, OLTP, mix, YCSB and analytics) on the
 * event-loop client ({@code --pg-client async}), against the PostgreSQL {@link
 * EmbeddedPostgresWorkloadsIT} runs them on with PgJDBC: the same kinds' classes, the same
 * assertions on what the server holds. The tests of setup, ownership, growth and telemetry, which
 * no worker's client changes, run there only.
 */
@ExtendWith(AsyncPostgresWorkloadsIT.WorkloadTestsOnly.class)
class AsyncPostgresWorkloadsIT extends EmbeddedPostgresWorkloadsIT {

  @Override
  protected TargetOptions target(int connections, IsolationLevel isolation) {
    return super.target(connections, isolation).with(PgClient.OPTION, PgClient.ASYNC);
  }

  @Override
  protected TargetOptions through(FaultProxy proxy, int connections, IsolationLevel isolation) {
    return super.through(proxy, connections, isolation).with(PgClient.OPTION, PgClient.ASYNC);
  }

  /**
   * 8 workers on 20 rows at REPEATABLE READ, the level the connections open at: the server refuses
   * transactions that would overwrite another's change, the engine retries them, and what committed
   * is exactly what the server holds.
   */
  @Test
  void oltpAtRepeatableReadRetriesItsSerializationFailuresAndCommitsWhatTheServerHolds()
      throws Exception {
    WorkloadRun.Outcome o =
        run(workload("oltp-read-write", 20, false), 8, 400, true, IsolationLevel.REPEATABLE_READ);
    Outcomes outcomes = o.result().outcomes();
    assertTrue(
        outcomes.retriesByClass().getOrDefault(ErrorClass.SERIALIZATION, 0L) > 0,
        "no serialization failure: " + o.describe());
    assertEquals(400, outcomes.iterations() + outcomes.errors(), o.describe());
    assertEquals(0, outcomes.partialErrors() + outcomes.inDoubt(), o.describe());
    assertEquals(20, query("SELECT COUNT(DISTINCT id) FROM item WHERE id BETWEEN 1 AND 20"));
    assertEquals(outcomes.iterations(), query("SELECT SUM(updates) FROM item"), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * 16 workers on {@code --max-connections 2}: they take turns on two connections, the server never
   * sees more of the event-loop client's (Vert.x names itself in application_name), and what
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
                long open =
                    query(
                        "SELECT COUNT(*) FROM pg_stat_activity"
                            + " WHERE application_name = 'txbench'");
                most.accumulateAndGet(open, Math::max);
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
   * The server ends every worker's connection mid-run: only the iteration each worker had in hand
   * meets it, counted as an error or in doubt, never committed; the next opens a connection, and
   * the server holds every committed iteration and perhaps those in doubt.
   */
  @ParameterizedTest
  @CsvSource({
    "update, 1000, 20000, SELECT SUM(updates) FROM item",
    "oltp-read-write, 1000, 3000, SELECT SUM(updates) FROM item",
    "airline, 0, 3000, SELECT COUNT(*) FROM seat"
  })
  void connectionsEndedMidRunAreCountedOncePerWorkerAndVerifyPasses(
      String kind, long rows, long iterations, String committed) throws Exception {
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(8, IsolationLevel.REPEATABLE_READ), // the airline's seats need it
            workload(kind, rows, false),
            new RunOptions(
                8,
                new ForIterations(iterations),
                Duration.ofSeconds(1),
                3,
                0,
                7,
                new Backoff(Duration.ofMillis(1), Duration.ofMillis(20)),
                new ClosedLoop()),
            true,
            () -> {
              Thread.sleep(200);
              // The workers' connections: the event-loop client's, not PgJDBC's (the test's own,
              // and the target's for verify and the lease).
              sql(
                  "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE"
                      + " backend_type = 'client backend' AND pid <> pg_backend_pid()"
                      + " AND application_name <> 'PostgreSQL JDBC Driver'");
            });
    Outcomes outcomes = o.result().outcomes();
    assertEquals(
        iterations, outcomes.iterations() + outcomes.errors() + outcomes.inDoubt(), o.describe());
    // The ended connections cost each worker the iteration in hand at most; contention may also
    // exhaust an iteration's retries (a serialization failure), which is no lost connection.
    long lost =
        outcomes.errorsByClass().getOrDefault(ErrorClass.CONNECTION, 0L) + outcomes.inDoubt();
    assertTrue(lost > 0, "no iteration met the ended connections: " + o.describe());
    assertTrue(lost <= 8, o.describe());
    long held = query(committed);
    assertTrue(
        held >= outcomes.iterations() && held <= outcomes.iterations() + outcomes.inDoubt(),
        held + " for " + o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * A COMMIT the server takes longer over than the run and its grace (a deferred trigger sleeps in
   * it): the runner gives up on the iteration with its COMMIT sent, so it is in doubt, never rolled
   * back, and the seat the server commits afterwards is one of those in doubt.
   */
  @Test
  void aCommitStillRunningWhenTheRunnerGivesUpIsInDoubt() throws Exception {
    WorkloadOptions airline = workload(Airline.NAME, 0, false);
    run(airline, 1, 1, true, IsolationLevel.REPEATABLE_READ);
    long seatsBefore = query("SELECT COUNT(*) FROM seat");
    execute(
        "CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql"
            + " AS $$ BEGIN PERFORM pg_sleep(8); RETURN NULL; END $$");
    execute(
        "CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON seat DEFERRABLE INITIALLY DEFERRED"
            + " FOR EACH ROW EXECUTE FUNCTION slow_commit()");
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(1, IsolationLevel.REPEATABLE_READ),
            airline,
            new RunOptions(
                1,
                new ForDuration(Duration.ofSeconds(1)),
                Duration.ofSeconds(1),
                0,
                0,
                7,
                Backoff.defaults(),
                new ClosedLoop()),
            false,
            () -> {});
    // The server finishes the COMMIT it was given whether or not anyone waits for its answer.
    for (int polls = 0; query(SLEEPING_COMMITS) > 0; polls++) {
      assertTrue(polls < 6_000, "the COMMIT is still running");
      Thread.sleep(10);
    }
    Outcomes outcomes = o.result().outcomes();
    long seats = query("SELECT COUNT(*) FROM seat") - seatsBefore;
    // One iteration, in doubt, whose seat is in; or, on a machine too slow to send its COMMIT
    // before the runner gives up, none: either way the server holds no seat unaccounted for.
    assertTrue(
        seats >= outcomes.iterations() && seats <= outcomes.iterations() + outcomes.inDoubt(),
        seats + " seats for " + o.describe());
  }

  /**
   * A text that spells no value of its parameter's type ({@code 'abc'} where the server typed an
   * integer) fails its statement before it is sent, as the server fails such input: an error of the
   * script's, never a lost connection, and the worker keeps its connection throughout (the run's
   * own control connections open a few besides; one per iteration were a connection lost each).
   */
  @Test
  void aValueThatSpellsNoneOfItsParametersTypeFailsTheStatementNotTheConnection() throws Exception {
    String script =
        write("mistyped.sql", "SELECT 'abc' AS t \\gset\nSELECT 1 AS one WHERE 1 = :t;\n");
    String none = write("none.sql", "SELECT true;");
    long sessions =
        query("SELECT sessions FROM pg_stat_database WHERE datname = current_database()");
    WorkloadRun.Outcome o =
        run(scripts(script, none, none), 1, 30, false, IsolationLevel.READ_COMMITTED);
    Outcomes outcomes = o.result().outcomes();
    assertEquals(30, outcomes.errors(), o.describe());
    assertEquals(0, outcomes.errorsByClass().getOrDefault(ErrorClass.CONNECTION, 0L), o.describe());
    long opened =
        query("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
            - sessions;
    assertTrue(opened <= 10, opened + " sessions opened for " + o.describe());
  }

  /** The sessions asleep in the deferred trigger: COMMITs the server has not finished. */
  private static final String SLEEPING_COMMITS =
      "SELECT COUNT(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"
          + " AND pid <> pg_backend_pid() AND wait_event = 'PgSleep'";

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
            AsyncPostgresWorkloadsIT.class);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      Class<?> declaring = context.getTestMethod().map(Method::getDeclaringClass).orElse(null);
      if (declaring == null || WORKLOADS.contains(declaring)) {
        return ConditionEvaluationResult.enabled("a workload test");
      }
      return ConditionEvaluationResult.disabled("no worker's client changes it: run on PgJDBC");
    }
  }
}
