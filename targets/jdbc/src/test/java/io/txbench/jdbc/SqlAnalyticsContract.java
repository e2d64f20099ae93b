package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.OperationStats;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.Answer;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Analytics;
import io.txbench.core.workloads.AnalyticsOracle;
import io.txbench.core.workloads.AnalyticsQuery;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.schema.SchemaRegistryAccess;
import io.txbench.jdbc.schema.SqlCatalog;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The analytics queries against a real SQL server at scale 0.01 (10,000 orders): each answer is the
 * one {@link AnalyticsOracle} computes in Java, row by row; the indexes are what {@code --indexes}
 * asks; the tables are txbench's own as the others are.
 */
public abstract class SqlAnalyticsContract extends SqlGrowthContract {
  private static final IsolationLevel LEVEL = IsolationLevel.REPEATABLE_READ;
  private static final BigDecimal SCALE = new BigDecimal("0.01");

  private static WorkloadOptions analytics(BigDecimal scale, Analytics.Indexes indexes) {
    return new WorkloadOptions(new Analytics(), 42, OptionValues.defaults())
        .with(Analytics.SCALE, scale)
        .with(Analytics.INDEXES, indexes);
  }

  private static WorkloadOptions analytics() {
    return analytics(SCALE, Analytics.Indexes.NONE);
  }

  private static AnalyticsOracle oracle() {
    return new AnalyticsOracle(Analytics.data(analytics().declared(), 42));
  }

  private static void assertAnswersAreTheOracles(WorkloadRun.Outcome o) {
    List<Answer> answers = o.verification().answers();
    assertEquals(AnalyticsQuery.names(), answers.stream().map(Answer::query).toList());
    AnalyticsOracle oracle = oracle();
    for (Answer answer : answers) {
      Answer expected = oracle.answer(AnalyticsQuery.named(answer.query()));
      assertEquals(expected.columns(), answer.columns(), answer.query());
      assertEquals(expected.rows(), answer.rows(), answer.query());
      assertEquals(expected.digest(), answer.digest(), answer.query());
    }
  }

  @Test
  void eachQueryAnswersAsTheOracleAndARunOfAllSixVerifies() throws Exception {
    WorkloadRun.Outcome o = run(analytics(), 2, 60, true, LEVEL);
    assertEquals(60, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    Map<String, OperationStats> ops = o.result().breakdown().operations();
    assertEquals(AnalyticsQuery.names(), List.copyOf(ops.keySet()));
    // Each worker takes the six in turn from its own place: every query runs, about as often.
    for (Map.Entry<String, OperationStats> op : ops.entrySet()) {
      assertTrue(op.getValue().count() >= 5, op.getKey() + ": " + o.describe());
    }
    assertEquals(60, ops.values().stream().mapToLong(OperationStats::count).sum());
    assertEquals(60, o.result().breakdown().queries().reads());
    assertEquals(0, o.result().breakdown().queries().writes());
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(10_000, o.verification().figures().get("ord rows"));
    assertAnswersAreTheOracles(o);
  }

  @Test
  void theSameAnswersWithTheKeysIndexed() throws Exception {
    WorkloadRun.Outcome o = run(analytics(SCALE, Analytics.Indexes.KEYS), 2, 12, true, LEVEL);
    assertTrue(o.verification().passed(), o.describe());
    assertAnswersAreTheOracles(o);
  }

  @Test
  void theLoadedTablesHoldTheDataRowByRow() throws Exception {
    run(analytics().with(Analytics.QUERY, List.of("join")), 1, 1, true, LEVEL);
    assertEquals(10, query("SELECT COUNT(*) FROM customer"));
    assertEquals(5, query("SELECT COUNT(*) FROM sales"));
    assertEquals(10, query("SELECT COUNT(*) FROM product"));
    assertEquals(10_000, query("SELECT COUNT(*) FROM ord"));
    var data = Analytics.data(analytics().declared(), 42);
    var order = data.order(4_321);
    assertEquals(
        1,
        query(
            "SELECT COUNT(*) FROM ord WHERE id = 4321 AND customer_id = "
                + order.customerId()
                + " AND sales_id = "
                + order.salesId()
                + " AND product_id = "
                + order.productId()
                + " AND price = "
                + order.price().toPlainString()
                + " AND quantity = "
                + order.quantity()
                + " AND beta = "
                + order.beta()
                + " AND vanna = "
                + order.vanna()),
        order.toString());
    assertEquals(
        1,
        query(
            "SELECT COUNT(*) FROM customer WHERE id = 7 AND name = '"
                + data.customerName(7)
                + "'"));
  }

  @Test
  void keysIndexesTheThreeForeignKeyColumnsAndNoneLeavesOnlyThePrimaryKey() throws Exception {
    run(analytics(SCALE, Analytics.Indexes.KEYS), 1, 1, true, LEVEL);
    assertEquals(Set.of("id", "customer_id", "sales_id", "product_id"), indexedColumns("ord"));
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> run(analytics(SCALE, Analytics.Indexes.NONE), 1, 1, false, LEVEL));
    assertTrue(String.valueOf(e.getMessage()).contains("--indexes none"), e.getMessage());
    run(analytics(SCALE, Analytics.Indexes.NONE), 1, 1, true, LEVEL);
    assertEquals(Set.of("id"), indexedColumns("ord"));
    assertEquals(Set.of("id"), indexedColumns("customer"));
    e =
        assertThrows(
            SetupException.class,
            () -> run(analytics(SCALE, Analytics.Indexes.KEYS), 1, 1, false, LEVEL));
    assertTrue(String.valueOf(e.getMessage()).contains("has no index on"), e.getMessage());
  }

  @Test
  void skipSetupOnAnotherScaleSaysWhatIsLoaded() throws Exception {
    run(analytics(), 1, 1, true, LEVEL);
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                run(analytics(new BigDecimal("0.02"), Analytics.Indexes.NONE), 1, 1, false, LEVEL));
    assertTrue(
        String.valueOf(e.getMessage()).contains("at --scale 0.01 (10000 orders)"), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains("--skip-setup"), e.getMessage());
    assertTrue(run(analytics(), 1, 6, false, LEVEL).verification().passed());
  }

  @Test
  void aChangedOrderMakesTheAnswersDifferFromTheOracle() throws Exception {
    run(analytics(), 1, 1, true, LEVEL);
    execute("UPDATE ord SET quantity = quantity + 1 WHERE id = 1234");
    WorkloadRun.Outcome o = run(analytics(), 1, 6, false, LEVEL);
    AnalyticsOracle oracle = oracle();
    for (Answer answer : o.verification().answers()) {
      AnalyticsQuery query = AnalyticsQuery.named(answer.query());
      if (query != AnalyticsQuery.JOIN) { // order 1234 is not the join customer's
        assertNotEquals(oracle.answer(query).rows(), answer.rows(), answer.query());
        assertNotEquals(oracle.answer(query).digest(), answer.digest(), answer.query());
      }
    }
  }

  @Test
  void dropRemovesTheAnalyticsTables() throws Exception {
    run(analytics(SCALE, Analytics.Indexes.KEYS), 1, 1, true, LEVEL);
    Dropped dropped = drop();
    assertTrue(dropped.dropped().containsAll(Analytics.TABLES), dropped.dropped().toString());
    for (String table : Analytics.TABLES) {
      assertFalse(SchemaRegistryAccess.exists(url(), table), table);
    }
  }

  @Test
  void aCustomerTableThatIsNotTxbenchsIsNeverTouched() throws Exception {
    execute("CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(40), email VARCHAR(80))");
    execute("INSERT INTO customer VALUES (1, 'precious', 'a@example.com')");
    SetupException e =
        assertThrows(SetupException.class, () -> run(analytics(), 1, 1, true, LEVEL));
    assertTrue(String.valueOf(e.getMessage()).contains("'customer'"), e.getMessage());
    assertFalse(SchemaRegistryAccess.exists(url(), "ord"));
    Dropped dropped = drop();
    assertFalse(dropped.dropped().contains("customer"), dropped.dropped().toString());
    assertEquals(1, query("SELECT COUNT(*) FROM customer WHERE name = 'precious'"));
  }

  private Dropped drop() throws Exception {
    try (OpenTarget<?, ?> t = provider().open(target(1, LEVEL), analytics())) {
      return t.dropOwned();
    }
  }

  /** The columns of {@code table} some index covers, by the catalog. */
  private Set<String> indexedColumns(String table) throws SQLException {
    try (Connection c = DriverManager.getConnection(url())) {
      return SqlCatalog.indexedColumns(c, table);
    }
  }
}
