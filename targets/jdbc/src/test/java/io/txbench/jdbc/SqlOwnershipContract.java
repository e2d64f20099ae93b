package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.LeaseRefusedException;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.Update;
import io.txbench.core.workloads.Ycsb;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.schema.SchemaRegistryAccess;
import io.txbench.jdbc.schema.SqlLeaseStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What txbench touches on a real SQL server: only its own record, recognised by its columns and
 * signature; only its own tables, listed there, with its names and its columns; only data whose
 * load finished; and never tables another txbench is preparing or running on.
 */
public abstract class SqlOwnershipContract extends SqlContract {

  private Dropped drop() throws Exception {
    try (OpenTarget<?, ?> t =
        provider()
            .open(
                target(1, IsolationLevel.REPEATABLE_READ), workload(PointSelect.NAME, 1, false))) {
      return t.dropOwned();
    }
  }

  @Test
  void aUserTableNamedLikeTheRecordIsNeitherTrustedNorTouched() throws Exception {
    execute("CREATE TABLE txbench_meta (object_name VARCHAR(64), owner VARCHAR(64))");
    execute("INSERT INTO txbench_meta VALUES ('orders', 'finance')");
    execute("CREATE TABLE orders (id INT PRIMARY KEY)");
    execute("INSERT INTO orders VALUES (1)");
    SetupException drop = assertThrows(SetupException.class, this::drop);
    assertTrue(
        String.valueOf(drop.getMessage()).contains("is not txbench's record"), drop.getMessage());
    SetupException prepare =
        assertThrows(
            SetupException.class,
            () -> run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation()));
    assertTrue(
        String.valueOf(prepare.getMessage()).contains("is not txbench's record"),
        prepare.getMessage());
    assertEquals(1, query("SELECT COUNT(*) FROM orders"));
    assertEquals(1, query("SELECT COUNT(*) FROM txbench_meta"));
    assertTrue(
        !SchemaRegistryAccess.exists(url(), "item")
            && !SchemaRegistryAccess.exists(url(), SqlLeaseStore.TABLE),
        "txbench created tables beside a record not its own");
  }

  @Test
  void forgedRowsInTheRecordMakeTxbenchNeitherReplaceNorDropAUsersTables() throws Exception {
    run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation());
    execute("DROP TABLE item");
    execute("CREATE TABLE item (id INT PRIMARY KEY, note VARCHAR(20))");
    execute("INSERT INTO item VALUES (1, 'precious')");
    execute("CREATE TABLE customers (id INT PRIMARY KEY)");
    execute("INSERT INTO customers VALUES (7)");
    execute(
        "INSERT INTO txbench_meta (record, object_name, table_group, scale, seed,"
            + " tool_version, state, created_at) VALUES ('txbench/2', 'customers', 'items', 1, 1,"
            + " 'x', 'complete', CURRENT_TIMESTAMP)");
    assertPrepareRefuses("'item'", "columns");
    Dropped dropped = drop();
    assertEquals(List.of("customers", "item"), dropped.leftAlone().stream().sorted().toList());
    assertEquals(1, query("SELECT COUNT(*) FROM item WHERE note = 'precious'"));
    assertEquals(1, query("SELECT COUNT(*) FROM customers"));
    assertTrue(!SchemaRegistryAccess.exists(url(), "txbench_meta"));
  }

  /**
   * A table of txbench's name and columns that its record does not list (a user's copy, or one
   * whose entry was removed) is not known to be txbench's: prepare refuses to replace it.
   */
  @Test
  void prepareLeavesATableInTxbenchsShapeThatTheRecordDoesNotList() throws Exception {
    run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation());
    execute("DELETE FROM txbench_meta WHERE object_name = 'item'");
    execute("DELETE FROM item WHERE id > 40");
    execute("UPDATE item SET updates = 7 WHERE id = 1");
    assertPrepareRefuses("'item'", "was not created by txbench");
    assertEquals(40, query("SELECT COUNT(*) FROM item"));
    assertEquals(7, query("SELECT updates FROM item WHERE id = 1"));
  }

  /** Prepares {@code item} for point selects, which must fail saying each of {@code phrases}. */
  private void assertPrepareRefuses(String... phrases) {
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation()));
    for (String phrase : phrases) {
      assertTrue(String.valueOf(e.getMessage()).contains(phrase), e.getMessage());
    }
  }

  /** YCSB's usertable and usertable2, of one field of 20 characters. */
  private static WorkloadOptions twoUsertables() {
    return new WorkloadOptions(new Ycsb(Ycsb.Preset.C), 42, OptionValues.defaults())
        .with(ItemKind.TABLE_SIZE, 10L)
        .with(ItemKind.TABLES, 2L)
        .with(Ycsb.FIELD_COUNT, 1L)
        .with(Ycsb.FIELD_LENGTH, 20L);
  }

  @Test
  void aUserTableWithTxbenchsColumnNamesButOtherTypesIsNeitherRunOnNorReplacedNorDropped()
      throws Exception {
    run(twoUsertables(), 1, 1, true, strictIsolation());
    execute("DROP TABLE usertable2");
    execute("CREATE TABLE usertable2 (id TEXT, updates TEXT, field0 INT)");
    execute("INSERT INTO usertable2 VALUES ('mine', 'kept', 7)");
    for (boolean prepare : new boolean[] {false, true}) {
      SetupException e =
          assertThrows(
              SetupException.class, () -> run(twoUsertables(), 1, 1, prepare, strictIsolation()));
      assertTrue(
          String.valueOf(e.getMessage()).contains("'usertable2'")
              && String.valueOf(e.getMessage()).contains("its columns are not txbench's"),
          e.getMessage());
    }
    assertEquals(List.of("usertable2"), drop().leftAlone());
    assertEquals(1, query("SELECT COUNT(*) FROM usertable2 WHERE field0 = 7"));
  }

  @Test
  void skipSetupRefusesAUsertableLoadedWithAnotherFieldLength() throws Exception {
    run(twoUsertables(), 1, 1, true, strictIsolation());
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                run(twoUsertables().with(Ycsb.FIELD_LENGTH, 30L), 1, 1, false, strictIsolation()));
    assertTrue(String.valueOf(e.getMessage()).contains("--field-length"), e.getMessage());
    run(twoUsertables(), 1, 1, false, strictIsolation());
  }

  @Test
  void aTableOfTxbenchsNameAndShapeThatItsRecordDoesNotListIsNotReplaced() throws Exception {
    run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation());
    execute(
        "CREATE TABLE item2 (id BIGINT PRIMARY KEY, k INT NOT NULL, c VARCHAR(120) NOT NULL,"
            + " pad VARCHAR(60) NOT NULL, updates BIGINT NOT NULL DEFAULT 0)");
    execute("INSERT INTO item2 VALUES (1, 1, 'mine', 'mine', 0)");
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                run(
                    workload(PointSelect.NAME, 100, false).with(ItemKind.TABLES, 2L),
                    1,
                    1,
                    true,
                    strictIsolation()));
    assertTrue(String.valueOf(e.getMessage()).contains("'item2' already exists"), e.getMessage());
    assertEquals(1, query("SELECT COUNT(*) FROM item2 WHERE c = 'mine'"));
  }

  @Test
  void dataWhoseLoadDidNotFinishIsRefusedBySkipSetupAndReplacedByTheNextPrepare() throws Exception {
    run(workload(Insert.NAME, 500, false), 1, 1, true, strictIsolation());
    execute("UPDATE txbench_meta SET state = 'loading', completed_at = NULL");
    execute("DELETE FROM item WHERE id > 100"); // the load was cut short
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> run(workload(Insert.NAME, 500, false), 1, 10, false, strictIsolation()));
    assertTrue(
        String.valueOf(e.getMessage()).contains("was not loaded completely")
            && String.valueOf(e.getMessage()).contains("without --skip-setup"),
        e.getMessage());
    run(workload(Insert.NAME, 500, false), 1, 10, true, strictIsolation());
    assertEquals(510, query("SELECT COUNT(*) FROM item"));
    run(workload(Insert.NAME, 500, false), 1, 10, false, strictIsolation());
  }

  @Test
  void theFirstRecordIsConvertedAndItsDataLoadedAnew() throws Exception {
    run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation());
    execute("DROP TABLE txbench_meta");
    execute(
        "CREATE TABLE txbench_meta (object_name VARCHAR(64) PRIMARY KEY,"
            + " workload VARCHAR(32) NOT NULL, scale BIGINT NOT NULL, seed BIGINT NOT NULL,"
            + " tool_version VARCHAR(32) NOT NULL, created_at TIMESTAMP NOT NULL)");
    execute(
        "INSERT INTO txbench_meta VALUES ('item', 'items', 100, 42, '0.1.0',"
            + " CURRENT_TIMESTAMP)");
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> run(workload(PointSelect.NAME, 100, false), 1, 1, false, strictIsolation()));
    assertTrue(
        String.valueOf(e.getMessage()).contains("was not loaded completely"), e.getMessage());
    run(workload(PointSelect.NAME, 100, false), 1, 1, true, strictIsolation());
    assertEquals(100, query("SELECT COUNT(*) FROM item"));
    assertEquals(
        1,
        query(
            "SELECT COUNT(*) FROM txbench_meta WHERE record = 'txbench/2'"
                + " AND state = 'complete'"));
  }

  @Test
  void aPrepareOrADropIsRefusedWhileAnotherTxbenchRunsOnTheTables() throws Exception {
    run(workload(Update.NAME, 100, false), 1, 1, true, strictIsolation());
    try (OpenTarget<?, ?> a =
            provider().open(target(1, strictIsolation()), workload(Update.NAME, 100, false));
        OpenTarget<?, ?> b =
            provider().open(target(1, strictIsolation()), workload(PointSelect.NAME, 100, false))) {
      Workload<?, ?> running = a.workload(workload(Update.NAME, 100, false));
      Workload<?, ?> other = b.workload(workload(PointSelect.NAME, 100, false));
      try (Lease run = running.lease(LeaseMode.SHARED)) {
        try (Lease alongside = other.lease(LeaseMode.SHARED)) {
          // Runs over loaded tables share them: several clients is a documented use.
        }
        LeaseRefusedException refused =
            assertThrows(LeaseRefusedException.class, () -> other.lease(LeaseMode.EXCLUSIVE));
        assertTrue(
            String.valueOf(refused.getMessage()).contains("pid " + ProcessHandle.current().pid())
                && String.valueOf(refused.getMessage()).contains("running on the items tables"),
            refused.getMessage());
        assertThrows(LeaseRefusedException.class, this::drop);
        Workload<?, ?> airline = b.workload(workload(Airline.NAME, 0, false));
        try (Lease elsewhere = airline.lease(LeaseMode.EXCLUSIVE)) {
          // Other tables: nothing in the way.
        }
      }
      try (Lease afterwards = other.lease(LeaseMode.EXCLUSIVE)) {
        assertEquals(1, query("SELECT COUNT(*) FROM " + SqlLeaseStore.TABLE));
      }
    }
  }

  @Test
  void aLeaseWhoseHeartbeatStoppedExpires() throws Exception {
    run(workload(Update.NAME, 100, false), 1, 1, true, strictIsolation());
    try (OpenTarget<?, ?> t =
        provider().open(target(1, strictIsolation()), workload(Update.NAME, 100, false))) {
      Workload<?, ?> w = t.workload(workload(Update.NAME, 100, false));
      w.lease(LeaseMode.SHARED).close(); // makes the lease table
      execute(
          "INSERT INTO "
              + SqlLeaseStore.TABLE
              + " VALUES ('txbench/2', 'gone', 'items',"
              + " 'EXCLUSIVE', 'elsewhere', 4242, 1, 1)"); // a prepare killed long ago
      try (Lease lease = w.lease(LeaseMode.EXCLUSIVE)) {
        assertEquals(
            0, query("SELECT COUNT(*) FROM " + SqlLeaseStore.TABLE + " WHERE holder = 'gone'"));
      }
    }
  }
}
