package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Count;
import io.txbench.core.workloads.Delete;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.RangeScan;
import io.txbench.core.workloads.UpdateMany;
import io.txbench.mongo.client.MongoNumbers;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * sysbench's OLTP transactions, {@code --tables} and mongodb-performance-test's modes on MongoDB:
 * each runs, verifies, and leaves what the driver reads back.
 */
abstract class MongoOltpContract extends MongoAirlineContract {

  /**
   * {@code kind} on {@code tableSize} documents, uniform keys, without transactions on a server
   * that has none.
   */
  WorkloadOptions items(ItemKind kind, long tableSize) {
    WorkloadOptions o =
        new WorkloadOptions(kind, 42, OptionValues.defaults())
            .with(ItemKind.TABLE_SIZE, tableSize)
            .with(KeyDistribution.OPTION, KeyDistribution.UNIFORM);
    return kind.transactional() && !transactions() ? o.withoutTransactions() : o;
  }

  /** The sum of {@code field} over the collection's documents. */
  long sum(String collection, String field) {
    long total = 0;
    for (Document d : db.getCollection(collection).find()) {
      total += MongoNumbers.at(d, field);
    }
    return total;
  }

  /** Adds {@code by} to {@code field} of document {@code id} of {@code item}, behind txbench. */
  Runnable increment(String field, long id, int by) {
    return () ->
        db.getCollection("item")
            .updateOne(new Document("_id", id), new Document("$inc", new Document(field, by)));
  }

  /**
   * What verify says of a run of no iterations (attached to loaded data) during which {@code plant}
   * changed the data behind txbench's back.
   */
  Verification verifyAfter(WorkloadOptions options, Runnable plant) throws Exception {
    try (OpenTarget<?, ?> t = provider.open(target(1), options)) {
      io.txbench.core.spi.Workload<?, ?> w = t.workload(options);
      w.attach();
      w.beforeRun();
      plant.run();
      return w.verify(new Tally(0, 0, 0, 0, 0));
    }
  }

  @Test
  void oltpReadOnlyRunsSysbenchsFourteenReadsAndChangesNothing() throws Exception {
    WorkloadRun.Outcome o = run(items(new Oltp(Oltp.Variant.READ_ONLY), 1_000), 2, 200, true);
    assertEquals(200, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    Queries q = o.result().breakdown().queries();
    assertEquals(200 * 14, q.reads(), q.toString());
    assertEquals(0, q.writes(), q.toString());
    assertEquals(transactions() ? 400 : 0, q.others(), q.toString());
  }

  @Test
  void oltpWriteOnlyKeepsTheRowsAndGrowsKAndTheCountersByTheCommittedUpdates() throws Exception {
    WorkloadOptions options = items(new Oltp(Oltp.Variant.WRITE_ONLY), 1_000);
    run(options, 1, 1, true);
    long k = sum("item", "k");
    long updates = sum("item", "updates");
    WorkloadRun.Outcome o = run(options, 4, 500, false);
    assertEquals(500, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(1_000, count("item"));
    assertEquals(k + 500, sum("item", "k"));
    assertEquals(updates + 500, sum("item", "updates"));
    assertTrue(o.verification().passed(), o.describe());
    Queries q = o.result().breakdown().queries();
    // Four writes a transaction; without transactions, a delete that finds its document out
    // (another worker's) skips its insert, and an update that does tries another key.
    assertTrue(q.writes() >= 500 * 3, q.toString());
    if (transactions()) {
      assertTrue(q.writes() >= 500 * 4, q.toString()); // a retried transaction counts again
    }
  }

  @Test
  void withoutTransactionsAnUpdateNeverMissesADocumentAnotherWorkerHasOutForAMoment()
      throws Exception {
    // Ten documents, eight workers deleting and inserting them again: an update often meets one
    // that is out; it must still make its change, as verify counts every committed one.
    WorkloadOptions options = items(new Oltp(Oltp.Variant.WRITE_ONLY), 10).withoutTransactions();
    WorkloadRun.Outcome o = run(options, 8, 2_000, true);
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(10, count("item"));
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void oltpReadWriteOnThreeTablesLoadsAndWritesEachOfThem() throws Exception {
    WorkloadOptions options =
        items(new Oltp(Oltp.Variant.READ_WRITE), 500).with(ItemKind.TABLES, 3L);
    WorkloadRun.Outcome o = run(options, 4, 300, true);
    assertEquals(300, o.result().outcomes().iterations(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    long updates = 0;
    for (String name : List.of("item", "item2", "item3")) {
      assertEquals(500, count(name), name);
      assertTrue(sum(name, "updates") > 0, name + " was never written");
      updates += sum(name, "updates");
    }
    assertEquals(300, updates);
    assertFalse(db.listCollectionNames().into(new java.util.ArrayList<>()).contains("item4"));
  }

  @Test
  void verifyOfOltpSeesAnIncrementOfKNoTransactionMade() throws Exception {
    WorkloadOptions options = items(new Oltp(Oltp.Variant.WRITE_ONLY), 100);
    run(options, 1, 1, true);
    Verification v = verifyAfter(options, increment("k", 7, 5));
    assertFalse(v.passed(), v.toString());
    assertTrue(v.anomalies().toString().contains("sum of k grew by 5"), v.toString());
  }

  @Test
  void deleteRemovesOneDocumentPerIterationAndDeclinesTheGoneOnes() throws Exception {
    WorkloadRun.Outcome o = run(items(new Delete(), 200), 2, 500, true);
    assertEquals(500, o.result().outcomes().iterations(), o.describe());
    assertTrue(o.result().outcomes().declined() > 0, o.describe());
    assertEquals(200 - (500 - o.result().outcomes().declined()), count("item"));
    assertTrue(o.verification().passed(), o.describe());
    Verification v =
        verifyAfter(
            items(new Delete(), 200), () -> db.getCollection("item").deleteOne(new Document()));
    assertFalse(v.passed(), v.toString());
  }

  @Test
  void rangeScanAndCountReadWithoutChangingAnything() throws Exception {
    WorkloadRun.Outcome scans = run(items(new RangeScan(), 1_000), 2, 100, true);
    assertEquals(100, scans.result().outcomes().iterations(), scans.describe());
    assertTrue(scans.verification().passed(), scans.describe());
    WorkloadRun.Outcome counts = run(items(new Count(), 1_000), 2, 100, false);
    assertEquals(100, counts.result().outcomes().iterations(), counts.describe());
    assertTrue(counts.verification().passed(), counts.describe());
    assertEquals(1_000, count("item"));
    assertEquals(0, sum("item", "updates"));
    Verification v = verifyAfter(items(new Count(), 1_000), increment("updates", 3, 1));
    assertFalse(v.passed(), v.toString());
  }

  @Test
  void updateManyCountsEveryDocumentItsCommittedStatementsChanged() throws Exception {
    WorkloadOptions options = items(new UpdateMany(), 1_000).with(Oltp.RANGE_SIZE, 10L);
    WorkloadRun.Outcome o = run(options, 4, 200, true);
    assertEquals(200, o.result().outcomes().iterations(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    long updated = sum("item", "updates");
    assertEquals(updated, o.verification().figures().get("rows updated"), o.describe());
    // Ranges near the end are clipped to the documents there are.
    assertTrue(updated > 200 * 9 && updated <= 200 * 10, o.describe());
    Verification v = verifyAfter(options, increment("updates", 3, 1));
    assertFalse(v.passed(), v.toString());
  }
}
