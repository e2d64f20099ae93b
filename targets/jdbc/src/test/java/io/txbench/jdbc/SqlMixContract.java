package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.metrics.OperationStats;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Count;
import io.txbench.core.workloads.Delete;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Mix;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.RangeScan;
import io.txbench.core.workloads.UpdateMany;
import io.txbench.core.workloads.Ycsb;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.schema.SchemaRegistryAccess;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * mongodb-performance-test's modes, the weighted mix and YCSB's presets against a real SQL server;
 * every assertion reads the effects back from the database, and each verify is shown to fail on an
 * anomaly planted during the run.
 */
public abstract class SqlMixContract extends SqlOltpContract {
  private static final IsolationLevel LEVEL = IsolationLevel.REPEATABLE_READ;

  /** An item kind's options: {@code tableSize} rows, keys chosen uniformly. */
  private static WorkloadOptions items(ItemKind kind, long tableSize) {
    return new WorkloadOptions(kind, 42, OptionValues.defaults())
        .with(ItemKind.TABLE_SIZE, tableSize)
        .with(KeyDistribution.OPTION, KeyDistribution.UNIFORM);
  }

  private static WorkloadOptions mix(String mix, long tableSize) {
    return items(new MixKind(), tableSize).with(MixKind.MIX, Mix.parse(mix));
  }

  /** A YCSB preset on a small usertable of 3 fields of 20 characters. */
  private static WorkloadOptions ycsb(Ycsb.Preset preset, long tableSize) {
    return items(new Ycsb(preset), tableSize)
        .with(Ycsb.FIELD_COUNT, 3L)
        .with(Ycsb.FIELD_LENGTH, 20L)
        .with(MixKind.SCAN_LENGTH, 10L);
  }

  /** Runs {@code options} with {@code plant} done to the server while it runs. */
  private WorkloadRun.Outcome runPlanting(
      WorkloadOptions options, long iterations, boolean prepare, WorkloadRun.Disruption plant)
      throws Exception {
    return WorkloadRun.run(
        provider(), target(2, LEVEL), options, forIterations(2, iterations), prepare, plant);
  }

  private static long completed(WorkloadRun.Outcome o, String operation) {
    OperationStats stats = o.result().breakdown().operations().get(operation);
    return stats == null ? 0 : stats.count();
  }

  /** The completed iterations of an operation less the declined: those whose work committed. */
  private static long applied(WorkloadRun.Outcome o, String operation) {
    OperationStats stats = o.result().breakdown().operations().get(operation);
    return stats == null ? 0 : stats.count() - stats.declined();
  }

  @Test
  void deleteRemovesExactlyTheRowsOfItsIterationsThatFoundOne() throws Exception {
    // 300 deletes over 200 keys: many find their row gone, and are declined.
    WorkloadRun.Outcome o = run(items(new Delete(), 200), 4, 300, true, LEVEL);
    assertEquals(
        300, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
    assertTrue(o.result().outcomes().declined() > 0, o.describe());
    assertEquals(
        200 - (o.result().outcomes().iterations() - o.result().outcomes().declined()),
        query("SELECT COUNT(*) FROM item"),
        o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void deleteVerifyFailsOnARowDeletedBehindItsBack() throws Exception {
    WorkloadRun.Outcome o =
        runPlanting(
            items(new Delete(), 500), 50, true, () -> execute("DELETE FROM item WHERE id > 490"));
    assertFalse(o.verification().passed(), o.describe());
  }

  @Test
  void updateManyGrowsTheCountersByExactlyTheRowsItsStatementsChanged() throws Exception {
    WorkloadRun.Outcome o =
        run(items(new UpdateMany(), 500).with(Oltp.RANGE_SIZE, 10L), 4, 200, true, LEVEL);
    assertEquals(
        200, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
    // Every range lies within the full table: each committed statement changed 10 rows.
    assertEquals(10 * o.result().outcomes().iterations(), query("SELECT SUM(updates) FROM item"));
    assertEquals(
        10 * o.result().outcomes().iterations(), o.verification().figures().get("rows updated"));
    assertEquals(500, query("SELECT COUNT(*) FROM item"));
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void updateManyVerifyFailsOnAnUpdateItDidNotMake() throws Exception {
    WorkloadRun.Outcome o =
        runPlanting(
            items(new UpdateMany(), 500),
            50,
            true,
            () -> execute("UPDATE item SET updates = updates + 1 WHERE id = 1"));
    assertFalse(o.verification().passed(), o.describe());
  }

  @Test
  void countAndRangeScanReadWithoutChangingAnything() throws Exception {
    for (ItemKind kind : new ItemKind[] {new Count(), new RangeScan()}) {
      WorkloadRun.Outcome o = run(items(kind, 300).with(Oltp.RANGE_SIZE, 50L), 4, 300, true, LEVEL);
      assertEquals(300, o.result().outcomes().iterations(), o.describe());
      assertEquals(
          0, o.result().outcomes().errors() + o.result().outcomes().declined(), o.describe());
      assertEquals(300, query("SELECT COUNT(*) FROM item"));
      assertEquals(0, query("SELECT SUM(updates) FROM item"));
      assertTrue(o.verification().passed(), kind.name() + ": " + o.describe());
    }
  }

  @Test
  void countAndRangeScanVerifyFailsOnAChangeDuringTheRun() throws Exception {
    for (ItemKind kind : new ItemKind[] {new Count(), new RangeScan()}) {
      WorkloadRun.Outcome o =
          runPlanting(
              items(kind, 300), 50, true, () -> execute("UPDATE item SET k = k + 1 WHERE id = 7"));
      assertFalse(o.verification().passed(), kind.name() + ": " + o.describe());
    }
  }

  @Test
  void aMixRecordsEachOperationAndChangesTheRowsByItsCommittedInsertsAndDeletes() throws Exception {
    WorkloadRun.Outcome o =
        run(
            mix(
                "point-select=40,update=15,insert=15,delete=15,range-scan=10,read-modify-write=5",
                500),
            4,
            2_000,
            true,
            LEVEL);
    Map<String, OperationStats> ops = o.result().breakdown().operations();
    assertEquals(
        java.util.List.of(
            "point-select", "update", "insert", "delete", "range-scan", "read-modify-write"),
        java.util.List.copyOf(ops.keySet()));
    assertEquals(
        o.result().outcomes().iterations(),
        ops.values().stream().mapToLong(OperationStats::count).sum(),
        o.describe());
    assertEquals(2_000, o.result().outcomes().iterations(), o.describe());
    // The keys deleted are read and deleted again: declined, as YCSB's NOT_FOUND, not errors.
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertTrue(o.result().outcomes().declined() > 0, o.describe());
    assertTrue(completed(o, "insert") > 0 && completed(o, "delete") > 0, o.describe());
    assertEquals(
        500 + applied(o, "insert") - applied(o, "delete"),
        query("SELECT COUNT(*) FROM item"),
        o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void aMixWithoutDeletesCountsItsUpdatesAndReadsTheKeysItInserted() throws Exception {
    // One worker: every statement it counts is one the server ran once.
    WorkloadRun.Outcome o =
        run(mix("insert=40,update=40,read-modify-write=20", 10), 1, 600, true, LEVEL);
    assertEquals(600, o.result().outcomes().iterations(), o.describe());
    assertEquals(
        0, o.result().outcomes().declined() + o.result().outcomes().errors(), o.describe());
    assertEquals(10 + completed(o, "insert"), query("SELECT COUNT(*) FROM item"));
    assertEquals(
        completed(o, "update") + completed(o, "read-modify-write"),
        query("SELECT SUM(updates) FROM item"));
    // The keys inserted are chosen too: most updates land on them.
    assertTrue(query("SELECT SUM(updates) FROM item WHERE id > 10") > 100, o.describe());
    assertEquals(completed(o, "read-modify-write"), o.result().breakdown().queries().reads());
    assertEquals(600, o.result().breakdown().queries().writes());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void aReadModifyWriteIsOneTransactionWhereTheMixsOtherOperationsCommitEachStatement()
      throws Exception {
    WorkloadOptions rmw = mix("read-modify-write=100", 100);
    run(rmw, 1, 1, true, LEVEL);
    long before = query("SELECT SUM(updates) FROM item");
    try (FaultProxy proxy = FaultProxy.cuttingAfterStatement(url(), "UPDATE item", 20, 3)) {
      WorkloadRun.Outcome o =
          WorkloadRun.run(provider(), through(proxy, 2, LEVEL), rmw, 200, false);
      assertEquals(3, proxy.cuts());
      // The server got the update but never its commit: it rolled it back, and nothing is in doubt.
      assertEquals(0, o.result().outcomes().inDoubt(), o.describe());
      assertEquals(
          200, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
      assertEquals(
          o.result().outcomes().iterations(), query("SELECT SUM(updates) FROM item") - before);
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void theMixesInsertsNeverCollideWithTheInsertWorkloadsLaterIds() throws Exception {
    WorkloadRun.Outcome mixed = run(mix("insert=100", 100), 2, 200, true, LEVEL);
    WorkloadRun.Outcome inserted = run(items(new Insert(), 100), 2, 200, false, LEVEL);
    WorkloadRun.Outcome again = run(mix("insert=50,point-select=50", 100), 2, 200, false, LEVEL);
    assertEquals(
        0,
        mixed.result().outcomes().errors() + inserted.result().outcomes().errors(),
        inserted.describe());
    // A read of a key inserted but not yet committed by the other worker is declined, not failed.
    assertEquals(0, again.result().outcomes().errors(), again.describe());
    long rows = 100 + 200 + 200 + completed(again, "insert");
    assertEquals(rows, query("SELECT COUNT(DISTINCT id) FROM item"));
    assertTrue(again.verification().passed(), again.describe());
  }

  @Test
  void aMixVerifyFailsOnARowItDidNotInsert() throws Exception {
    WorkloadRun.Outcome o =
        runPlanting(
            mix("point-select=50,insert=25,delete=25", 300),
            100,
            true,
            () -> execute("INSERT INTO item (k, c, pad) VALUES (1, 'planted', 'planted')"));
    assertFalse(o.verification().passed(), o.describe());
  }

  @Test
  void aMixVerifyFailsOnAnUpdateItDidNotMake() throws Exception {
    WorkloadRun.Outcome o =
        runPlanting(
            mix("point-select=50,update=50", 300),
            100,
            true,
            () -> execute("UPDATE item SET updates = updates + 1 WHERE id = 3"));
    assertFalse(o.verification().passed(), o.describe());
  }

  @Test
  void aMixWithDeletesVerifyFailsOnUpdatesItDidNotMake() throws Exception {
    WorkloadRun.Outcome o =
        runPlanting(
            mix("point-select=50,update=25,delete=25", 300),
            100,
            true,
            () -> execute("UPDATE item SET updates = updates + 1000"));
    assertFalse(o.verification().passed(), o.describe());
  }

  @ParameterizedTest
  @EnumSource(Ycsb.Preset.class)
  void eachYcsbPresetRunsOnASmallUsertableAndVerifies(Ycsb.Preset preset) throws Exception {
    WorkloadOptions options = ycsb(preset, 300);
    WorkloadRun.Outcome o = run(options, 2, 400, true, LEVEL);
    assertEquals(
        400, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
    assertEquals(
        new Ycsb(preset).mix(options.declared()).names(),
        java.util.List.copyOf(o.result().breakdown().operations().keySet()));
    assertEquals(300 + applied(o, "insert"), query("SELECT COUNT(*) FROM usertable"));
    assertEquals(
        applied(o, "update") + applied(o, "read-modify-write"),
        query("SELECT SUM(updates) FROM usertable"));
    assertEquals(20, query("SELECT MIN(LENGTH(field2)) FROM usertable"));
    assertEquals(20, query("SELECT MAX(LENGTH(field0)) FROM usertable"));
    assertTrue(o.verification().passed(), preset + ": " + o.describe());
  }

  @Test
  void ycsbOnSeveralTablesTouchesEachAndVerifies() throws Exception {
    WorkloadRun.Outcome o =
        run(ycsb(Ycsb.Preset.A, 200).with(ItemKind.TABLES, 2L), 2, 400, true, LEVEL);
    assertTrue(query("SELECT SUM(updates) FROM usertable") > 0, o.describe());
    assertTrue(query("SELECT SUM(updates) FROM usertable2") > 0, o.describe());
    assertEquals(
        applied(o, "update"),
        query("SELECT SUM(updates) FROM usertable") + query("SELECT SUM(updates) FROM usertable2"));
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void aReadOnlyYcsbVerifyFailsOnAChangeDuringTheRun() throws Exception {
    WorkloadRun.Outcome o =
        runPlanting(
            ycsb(Ycsb.Preset.C, 300),
            100,
            true,
            () -> execute("DELETE FROM usertable WHERE id = 300"));
    assertFalse(o.verification().passed(), o.describe());
  }

  @Test
  void prepareReplacesItsOwnUsertableOfAnotherFieldCountAndAttachSaysSo() throws Exception {
    run(ycsb(Ycsb.Preset.C, 50).with(Ycsb.FIELD_COUNT, 5L), 1, 10, true, LEVEL);
    assertEquals(50, query("SELECT COUNT(field4) FROM usertable"));
    run(ycsb(Ycsb.Preset.C, 40), 1, 10, true, LEVEL);
    assertEquals(40, query("SELECT COUNT(field2) FROM usertable"));
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> run(ycsb(Ycsb.Preset.C, 40).with(Ycsb.FIELD_COUNT, 4L), 1, 10, false, LEVEL));
    assertTrue(String.valueOf(e.getMessage()).contains("--field-count"), e.getMessage());
    try (OpenTarget<?, ?> t = provider().open(target(1, LEVEL), ycsb(Ycsb.Preset.C, 40))) {
      assertTrue(t.dropOwned().dropped().contains("usertable"));
    }
    assertFalse(SchemaRegistryAccess.exists(url(), "usertable"));
  }

  @Test
  void aUsertableThatIsNotTxbenchsIsNeverTouched() throws Exception {
    run(ycsb(Ycsb.Preset.C, 50), 1, 10, true, LEVEL);
    // The record lists it, but its columns are no usertable txbench makes (field1 is missing).
    execute("DROP TABLE usertable");
    execute(
        "CREATE TABLE usertable (id INT PRIMARY KEY, field0 VARCHAR(9), field2 VARCHAR(9),"
            + " updates INT)");
    execute("INSERT INTO usertable VALUES (1, 'precious', 'x', 0)");
    SetupException e =
        assertThrows(SetupException.class, () -> run(ycsb(Ycsb.Preset.C, 50), 1, 10, true, LEVEL));
    assertTrue(String.valueOf(e.getMessage()).contains("'usertable'"), e.getMessage());
    try (OpenTarget<?, ?> t = provider().open(target(1, LEVEL), ycsb(Ycsb.Preset.C, 50))) {
      assertTrue(t.dropOwned().leftAlone().contains("usertable"));
    }
    assertEquals(1, query("SELECT COUNT(*) FROM usertable WHERE field0 = 'precious'"));
  }
}
