package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.workloads.Count;
import io.txbench.core.workloads.Delete;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.RangeScan;
import io.txbench.core.workloads.Update;
import io.txbench.core.workloads.UpdateMany;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.SqlContract;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.postgres.async.PgClient;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The kinds of one statement per iteration on the event-loop client ({@code --pg-client async}), on
 * a real PostgreSQL this test starts: what they commit, count and verify is what they do on PgJDBC.
 * ({@link AsyncPostgresWorkloadsIT} runs the contract's workload tests on it, and ends its
 * connections mid-run.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AsyncPostgresItemsIT extends SqlContract {
  private @Nullable EmbeddedPostgres embedded;
  private String url;

  @BeforeAll
  void start() throws IOException {
    embedded = EmbeddedPostgresServer.builder().start();
    url = "jdbc:postgresql://localhost:" + embedded.getPort() + "/postgres?user=postgres";
  }

  @AfterAll
  void stop() throws IOException {
    if (embedded != null) {
      embedded.close();
    }
  }

  @Override
  protected String serverUrl() {
    return url;
  }

  @Override
  protected JdbcBinding provider() {
    return new PostgresBinding();
  }

  @Override
  protected String plainTextParameter() {
    return "sslmode=disable";
  }

  @Override
  protected String createNamespace(String name) throws SQLException {
    sql("CREATE SCHEMA " + name);
    return serverUrl() + "&currentSchema=" + name;
  }

  @Override
  protected void dropNamespace(String name) throws SQLException {
    sql("DROP SCHEMA " + name + " CASCADE");
  }

  /** The test's target, its workers on the event-loop client. */
  @Override
  protected TargetOptions target(int connections, IsolationLevel isolation) {
    return super.target(connections, isolation).with(PgClient.OPTION, PgClient.ASYNC);
  }

  private WorkloadRun.Outcome run(String kind, long rows, int workers, long iterations)
      throws Exception {
    return run(
        workload(kind, rows, false), workers, iterations, true, IsolationLevel.READ_COMMITTED);
  }

  @Test
  void pointSelectReadsEveryIterationsRowInItsSchemaAndCountsOneReadEach() throws Exception {
    WorkloadRun.Outcome o = run(PointSelect.NAME, 2_000, 4, 3_000);
    assertEquals(3_000, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(new Queries(3_000, 0, 0), o.result().breakdown().queries(), o.describe());
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
    assertEquals(0, query("SELECT SUM(updates) FROM item"));
  }

  @Test
  void insertAddsOneRowPerCommittedIteration() throws Exception {
    WorkloadRun.Outcome o = run(Insert.NAME, 1_000, 8, 500);
    assertEquals(500, o.result().outcomes().iterations(), o.describe());
    assertEquals(1_500, query("SELECT COUNT(*) FROM item"));
    assertEquals(1_500, query("SELECT COUNT(DISTINCT id) FROM item"));
    assertEquals(new Queries(0, 500, 0), o.result().breakdown().queries(), o.describe());
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void updatesOnAFewRowsCommitExactlyWhatTheServerHolds() throws Exception {
    WorkloadRun.Outcome o =
        run(workload(Update.NAME, 20, false), 16, 3_000, true, IsolationLevel.REPEATABLE_READ);
    Outcomes outcomes = o.result().outcomes();
    // 16 workers on 20 rows collide: REPEATABLE READ refuses some, and the engine retries them.
    assertEquals(3_000, outcomes.iterations() + outcomes.errors(), o.describe());
    assertEquals(outcomes.iterations(), query("SELECT SUM(updates) FROM item"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void deletingAKeyAlreadyGoneIsDeclinedNotAnError() throws Exception {
    WorkloadRun.Outcome o = run(Delete.NAME, 100, 4, 400);
    Outcomes outcomes = o.result().outcomes();
    assertEquals(400, outcomes.iterations(), o.describe());
    assertEquals(0, outcomes.errors(), o.describe());
    assertEquals(100 - (400 - outcomes.declined()), query("SELECT COUNT(*) FROM item"));
    assertTrue(outcomes.declined() > 0, o.describe());
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void theRangeKindsReadCountAndChangeTheirRanges() throws Exception {
    for (String kind : new String[] {RangeScan.NAME, Count.NAME, UpdateMany.NAME}) {
      WorkloadRun.Outcome o = run(kind, 5_000, 4, 400);
      assertEquals(400, o.result().outcomes().iterations(), kind + ": " + o.describe());
      assertEquals(0, o.result().outcomes().errors(), kind + ": " + o.describe());
      assertTrue(o.verification().passed(), kind + ": " + o.verification().anomalies());
    }
    // update-many ran last: 400 ranges of --range-size (100) rows each, all inside the table.
    assertEquals(400 * 100, query("SELECT SUM(updates) FROM item"));
  }
}
