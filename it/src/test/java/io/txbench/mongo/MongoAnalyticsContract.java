package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.data.AnalyticsData;
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
import io.txbench.mongo.workloads.MongoAnalyticsWorkload;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The analytics queries on MongoDB at scale 0.01: each pipeline's answer is the oracle's, a run of
 * all six verifies, {@code --indexes} makes the indexes it says, {@code --skip-setup} checks the
 * data, and {@code --drop} takes the four collections.
 */
abstract class MongoAnalyticsContract extends MongoGrowthContract {
  private static final BigDecimal SCALE = new BigDecimal("0.01");

  private static WorkloadOptions analytics(BigDecimal scale, Analytics.Indexes indexes) {
    return new WorkloadOptions(new Analytics(), 42, OptionValues.defaults())
        .with(Analytics.SCALE, scale)
        .with(Analytics.INDEXES, indexes);
  }

  private static WorkloadOptions analytics() {
    return analytics(SCALE, Analytics.Indexes.NONE);
  }

  /** Each query's answer from the loaded collections, by query. */
  private Map<AnalyticsQuery, Answer> answers(WorkloadOptions options) throws Exception {
    try (OpenTarget<?, ?> t = provider.open(target(1), options)) {
      MongoAnalyticsWorkload w = (MongoAnalyticsWorkload) t.workload(options);
      w.attach();
      Map<AnalyticsQuery, Answer> answers = new java.util.EnumMap<>(AnalyticsQuery.class);
      for (AnalyticsQuery q : AnalyticsQuery.values()) {
        answers.put(q, w.answer(q));
      }
      return answers;
    }
  }

  private static AnalyticsOracle oracle() {
    return new AnalyticsOracle(new AnalyticsData(42, SCALE));
  }

  private static AnalyticsOracle oracleAt(String scale) {
    return new AnalyticsOracle(new AnalyticsData(42, new BigDecimal(scale)));
  }

  private List<Document> keyIndexes() {
    return db.getCollection("ord")
        .listIndexes()
        .map(i -> i.get("key", Document.class))
        .into(new ArrayList<>());
  }

  /**
   * Verify's counts find a connection while every worker's is busy with a long query (one given up
   * at the end of the warm-up keeps running): on the emulator at scale 1, the baseline waited for
   * the pool's only connection and the run lost the server. Needs a query of seconds: the
   * emulator's rollup at scale 0.1.
   */
  @Test
  void theControlWorkFindsAConnectionWhileTheOnlyWorkerRunsALongQuery() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeFalse(
        transactions(), "a real MongoDB answers the rollup too fast to hold its connection");
    WorkloadOptions options = analytics(new BigDecimal("0.1"), Analytics.Indexes.NONE);
    prepare(options);
    try (OpenTarget<?, ?> t = provider.open(target(1), options)) {
      MongoAnalyticsWorkload w = (MongoAnalyticsWorkload) t.workload(options);
      java.util.concurrent.CompletableFuture<Answer> rollup =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> w.answer(AnalyticsQuery.ROLLUP));
      Thread.sleep(300); // the rollup has taken the worker's connection
      w.beforeRun();
      assertFalse(rollup.isDone(), "the baseline was taken while the rollup still ran");
      assertEquals(oracleAt("0.1").answer(AnalyticsQuery.ROLLUP).digest(), rollup.get().digest());
    }
  }

  @Test
  void everyAnalyticsPipelineAnswersAsTheOracle() throws Exception {
    prepare(analytics());
    assertEquals(10_000, count("ord"));
    Map<AnalyticsQuery, Answer> answers = answers(analytics());
    AnalyticsOracle oracle = oracle();
    for (AnalyticsQuery q : AnalyticsQuery.values()) {
      Answer expected = oracle.answer(q);
      assertEquals(expected.rows(), Objects.requireNonNull(answers.get(q)).rows(), q.queryName());
      assertEquals(
          expected.digest(), Objects.requireNonNull(answers.get(q)).digest(), q.queryName());
    }
    assertEquals(
        AnalyticsQuery.JOIN_LIMIT,
        Objects.requireNonNull(answers.get(AnalyticsQuery.JOIN)).rows().size());
  }

  @Test
  void aRunOfAllSixQueriesVerifiesAndCountsEachApart() throws Exception {
    WorkloadRun.Outcome o = run(analytics(), 2, 24, true);
    assertEquals(24, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    Map<String, OperationStats> ops = o.result().breakdown().operations();
    assertEquals(Set.copyOf(AnalyticsQuery.names()), ops.keySet(), ops.toString());
    assertTrue(ops.values().stream().allMatch(s -> s.count() > 0), ops.toString());
    assertEquals(24, ops.values().stream().mapToLong(OperationStats::count).sum());
    assertEquals(24, o.result().breakdown().queries().reads(), o.describe());
    assertEquals(0, o.result().breakdown().queries().writes(), o.describe());
    AnalyticsOracle oracle = oracle();
    List<String> digests = o.verification().answers().stream().map(Answer::digest).toList();
    assertEquals(
        AnalyticsQuery.names().stream()
            .map(n -> oracle.answer(AnalyticsQuery.named(n)).digest())
            .toList(),
        digests);
    assertEquals(10_000L, o.verification().figures().get("ord rows"), o.describe());
  }

  @Test
  void indexesKeysIndexesTheKeysOfOrdAndNoneLeavesOnlyTheId() throws Exception {
    prepare(analytics(SCALE, Analytics.Indexes.KEYS));
    assertEquals(
        Set.of(
            new Document("_id", 1),
            new Document("customer_id", 1),
            new Document("sales_id", 1),
            new Document("product_id", 1)),
        Set.copyOf(keyIndexes()));
    // Attached with the other setting, the run is refused rather than measured on other indexes.
    SetupException e = assertThrows(SetupException.class, () -> run(analytics(), 1, 1, false));
    assertTrue(String.valueOf(e.getMessage()).contains("--indexes none"), e.getMessage());
    prepare(analytics());
    assertEquals(List.of(new Document("_id", 1)), keyIndexes());
    for (String dimension : List.of("customer", "sales", "product")) {
      assertEquals(1, db.getCollection(dimension).listIndexes().into(new ArrayList<>()).size());
    }
  }

  @Test
  void skipSetupOnAnotherScaleSaysWhatToDo() throws Exception {
    prepare(analytics());
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> run(analytics(new BigDecimal("0.02"), Analytics.Indexes.NONE), 1, 1, false));
    assertTrue(String.valueOf(e.getMessage()).contains("--scale 0.02"), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains("without --skip-setup"), e.getMessage());
    assertFalse(String.valueOf(e.getMessage()).contains("\n"), e.getMessage());
    db.getCollection("sales").deleteOne(new Document("_id", 1));
    SetupException fewer = assertThrows(SetupException.class, () -> run(analytics(), 1, 1, false));
    assertTrue(
        String.valueOf(fewer.getMessage()).contains("'sales' holds 4 documents"),
        fewer.getMessage());
  }

  @Test
  void aChangedOrderMakesTheAnswersDifferFromTheOracle() throws Exception {
    prepare(analytics());
    int customer = new AnalyticsData(42, SCALE).joinCustomer();
    Document latest =
        db.getCollection("ord")
            .find(new Document("customer_id", customer))
            .sort(new Document("_id", -1))
            .first();
    db.getCollection("ord")
        .updateOne(
            new Document("_id", latest.get("_id")),
            new Document("$set", new Document("quantity", latest.getInteger("quantity") + 1)));
    Map<AnalyticsQuery, Answer> answers = answers(analytics());
    AnalyticsOracle oracle = oracle();
    for (AnalyticsQuery q : AnalyticsQuery.values()) {
      assertNotEquals(
          oracle.answer(q).digest(),
          Objects.requireNonNull(answers.get(q)).digest(),
          q.queryName());
    }
  }

  @Test
  void dropTakesTheAnalyticsCollections() throws Exception {
    prepare(analytics());
    db.getCollection("orders").insertOne(new Document("_id", 1));
    Dropped dropped = drop();
    assertTrue(dropped.dropped().containsAll(Analytics.TABLES), dropped.toString());
    assertEquals(Set.of("orders"), Set.copyOf(db.listCollectionNames().into(new ArrayList<>())));
  }
}
