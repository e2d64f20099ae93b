package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.OperationStats;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Mix;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.Ycsb;
import io.txbench.mongo.client.MongoNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The weighted mix and YCSB's presets on MongoDB, on sysbench's documents and on YCSB's {@code
 * usertable}; and what {@code --drop} takes of the collections they make.
 */
abstract class MongoMixContract extends MongoOltpContract {
  private static final String EVERY_OPERATION =
      "point-select=30,update=20,insert=15,delete=10,range-scan=10,read-modify-write=15";

  private WorkloadOptions mix(String mix, long tableSize) {
    return items(new MixKind(), tableSize).with(MixKind.MIX, Mix.parse(mix));
  }

  private static OperationStats op(Map<String, OperationStats> ops, String name) {
    return Objects.requireNonNull(ops.get(name), name);
  }

  private static long completed(Map<String, OperationStats> ops, String name) {
    return op(ops, name).count() - op(ops, name).declined();
  }

  @Test
  void aMixRecordsEachOperationApartAndTheirCountsSumToTheIterations() throws Exception {
    WorkloadRun.Outcome o = run(mix(EVERY_OPERATION, 500), 4, 2_000, true);
    assertEquals(2_000, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    Map<String, OperationStats> ops = o.result().breakdown().operations();
    assertEquals(
        Set.of("point-select", "update", "insert", "delete", "range-scan", "read-modify-write"),
        ops.keySet());
    assertEquals(2_000, ops.values().stream().mapToLong(OperationStats::count).sum());
    assertTrue(op(ops, "delete").declined() + op(ops, "point-select").declined() > 0, o.describe());
    assertEquals(
        500 + completed(ops, "insert") - completed(ops, "delete"), count("item"), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void aMixOfUpdatesCountsEachCommittedOneInTheDocuments() throws Exception {
    WorkloadRun.Outcome o =
        run(mix("point-select=50,update=30,read-modify-write=20", 300), 4, 1_000, true);
    Map<String, OperationStats> ops = o.result().breakdown().operations();
    assertEquals(0, o.result().outcomes().declined(), o.describe());
    assertEquals(
        op(ops, "update").count() + op(ops, "read-modify-write").count(), sum("item", "updates"));
    assertTrue(o.verification().passed(), o.describe());
    // Statements counted as on SQL: a read or a write each, both for a read-modify-write.
    assertEquals(
        op(ops, "point-select").count() + op(ops, "read-modify-write").count(),
        o.result().breakdown().queries().reads(),
        o.describe());
    assertEquals(
        op(ops, "update").count() + op(ops, "read-modify-write").count(),
        o.result().breakdown().queries().writes(),
        o.describe());
    Verification v =
        verifyAfter(
            mix("point-select=50,update=30,read-modify-write=20", 300), increment("updates", 3, 1));
    assertFalse(v.passed(), v.toString());
  }

  @Test
  void insertsTakeTheNextNumericKeyAfterTheHighestAcrossRuns() throws Exception {
    run(mix("insert=1", 100), 2, 50, true);
    // The insert workload's documents have ObjectIds, which sort after every number.
    run(items(new Insert(), 100), 1, 10, false);
    WorkloadRun.Outcome second = run(mix("insert=1,point-select=1", 100), 2, 100, false);
    assertTrue(second.verification().passed(), second.describe());
    // An insert under a key the first run took would fail on the duplicate and be retried.
    assertEquals(0, second.result().outcomes().retries(), second.describe());
    long inserted = 50 + completed(second.result().breakdown().operations(), "insert");
    assertEquals(100 + inserted + 10, count("item"));
    Document last =
        db.getCollection("item")
            .find(new Document("_id", new Document("$type", "number")))
            .sort(new Document("_id", -1))
            .first();
    assertEquals(100 + inserted, MongoNumbers.at(last, "_id"));
    Verification v =
        verifyAfter(mix("insert=1", 100), () -> db.getCollection("item").deleteOne(new Document()));
    assertFalse(v.passed(), v.toString());
  }

  @Test
  void everyYcsbPresetRunsOnUsertableAndVerifies() throws Exception {
    for (Ycsb.Preset preset : Ycsb.Preset.values()) {
      WorkloadOptions options =
          items(new Ycsb(preset), 200).with(Ycsb.FIELD_COUNT, 4L).with(Ycsb.FIELD_LENGTH, 8L);
      WorkloadRun.Outcome o = run(options, 2, 300, preset == Ycsb.Preset.A);
      assertEquals(300, o.result().outcomes().iterations(), preset + ": " + o.describe());
      assertEquals(0, o.result().outcomes().errors(), preset + ": " + o.describe());
      assertTrue(o.verification().passed(), preset + ": " + o.describe());
    }
    Document d = db.getCollection("usertable").find(new Document("_id", 1L)).first();
    assertEquals(Set.of("_id", "field0", "field1", "field2", "field3", "updates"), d.keySet());
    assertEquals(8, d.getString("field2").length());
    assertFalse(db.listCollectionNames().into(new ArrayList<>()).contains("item"));
  }

  @Test
  void ycsbAUpdatesOneFieldAndCountsIt() throws Exception {
    WorkloadRun.Outcome o = run(items(new Ycsb(Ycsb.Preset.A), 300), 4, 600, true);
    assertEquals(
        Objects.requireNonNull(o.result().breakdown().operations().get("update")).count(),
        sum("usertable", "updates"));
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void dropTakesUsertableAndTheNumberedCollectionsAndLeavesAForeignOneAlone() throws Exception {
    run(items(new Oltp(Oltp.Variant.READ_ONLY), 10).with(ItemKind.TABLES, 3L), 1, 1, true);
    run(items(new Ycsb(Ycsb.Preset.C), 10).with(ItemKind.TABLES, 2L), 1, 1, true);
    db.getCollection("item4").insertOne(new Document("_id", 1).append("note", "mine"));
    db.getCollection("orders").insertOne(new Document("_id", 1));
    List<String> before = db.listCollectionNames().into(new ArrayList<>());
    assertTrue(
        before.containsAll(List.of("item", "item2", "item3", "usertable", "usertable2")),
        before.toString());
    Dropped dropped = drop();
    assertTrue(
        dropped.dropped().containsAll(List.of("item", "item2", "item3", "usertable", "usertable2")),
        dropped.toString());
    assertEquals(
        Set.of("item4", "orders"), Set.copyOf(db.listCollectionNames().into(new ArrayList<>())));
  }
}
