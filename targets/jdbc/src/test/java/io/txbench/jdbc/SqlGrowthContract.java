package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.run.Benchmark;
import io.txbench.core.run.Setup;
import io.txbench.core.run.StopAtFirstStep;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.schema.SqlCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Growing the item tables from one level of a data-volume sweep to the next against a real SQL
 * server: only the rows a level adds are loaded, the others kept as they were; data that cannot
 * grow (changed by a run, of another seed, not loaded completely) is loaded afresh instead.
 */
public abstract class SqlGrowthContract extends SqlMixContract {
  private static final IsolationLevel LEVEL = IsolationLevel.REPEATABLE_READ;

  private static WorkloadOptions items(long tableSize, long seed) {
    return new WorkloadOptions(new PointSelect(), seed, OptionValues.defaults())
        .with(ItemKind.TABLE_SIZE, tableSize);
  }

  private Setup prepare(WorkloadOptions options) throws Exception {
    try (Benchmark b = Benchmark.open(provider(), target(1, LEVEL), options, 1)) {
      return b.prepare(Progress.silent());
    }
  }

  private Setup grow(WorkloadOptions options, Setup previous) throws Exception {
    try (Benchmark b = Benchmark.open(provider(), target(1, LEVEL), options, 1)) {
      return b.grow(Progress.silent(), previous);
    }
  }

  /** What the rows past {@code id} hold, summed up: equal for equal rows. */
  private List<Long> after(long id) throws Exception {
    return List.of(
        query("SELECT COALESCE(SUM(k), 0) FROM item WHERE id > " + id),
        query("SELECT COALESCE(SUM(LENGTH(c) * id), 0) FROM item WHERE id > " + id),
        query("SELECT COUNT(DISTINCT pad) FROM item WHERE id > " + id));
  }

  @Test
  void growingAddsOnlyTheRowsALevelLacksAndTheSameRowsEachTime() throws Exception {
    Setup first = prepare(items(100, 42));
    assertEquals(new Setup(false, null, 100, 100, first.took()), first);
    execute("UPDATE item SET updates = 7 WHERE id = 1"); // what a run's update leaves
    Setup grown = grow(items(250, 42), first);
    assertTrue(grown.grown(), grown.toString());
    assertNull(grown.notGrown());
    assertEquals(250, grown.rows());
    assertEquals(150, grown.addedRows());
    assertEquals(250, query("SELECT COUNT(*) FROM item"));
    assertEquals(250, query("SELECT MAX(id) FROM item"));
    assertEquals(7, query("SELECT updates FROM item WHERE id = 1")); // kept, not reloaded
    assertEquals(250, query("SELECT scale FROM txbench_meta WHERE object_name = 'item'"));
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url())) {
      // Dropped for the growth, built again at its end.
      assertEquals(java.util.Set.of("id", "k"), SqlCatalog.indexedColumns(c, "item"));
    }
    List<Long> added = after(100);
    try (Benchmark b = Benchmark.open(provider(), target(1, LEVEL), items(250, 42), 1)) {
      b.attach(); // the record says the grown tables are complete
    }
    // The same seed and levels give the same rows, whatever else a table held.
    prepare(items(100, 42));
    grow(items(250, 42), first);
    assertEquals(added, after(100));
    // The server's next id is past the rows added, as an insert run takes it.
    execute("INSERT INTO item (k, c, pad) VALUES (1, 'c', 'pad')");
    assertEquals(251, query("SELECT MAX(id) FROM item"));
  }

  @Test
  void aGrowthCutShortIsRefusedByAttachAndLoadedAfreshNextTime() throws Exception {
    Setup first = prepare(items(100, 42));
    try (Benchmark b = Benchmark.open(provider(), target(1, LEVEL), items(50_000, 42), 1)) {
      assertThrows(StoppedException.class, () -> b.grow(new StopAtFirstStep(b), first));
    }
    try (Benchmark b = Benchmark.open(provider(), target(1, LEVEL), items(50_000, 42), 1)) {
      SetupException e = assertThrows(SetupException.class, b::attach);
      assertTrue(
          String.valueOf(e.getMessage()).contains("was not loaded completely"), e.getMessage());
    }
    Setup again = grow(items(200, 42), first);
    assertFalse(again.grown());
    assertEquals("table item was not loaded completely", again.notGrown());
    assertEquals(200, again.addedRows());
    assertEquals(200, query("SELECT COUNT(*) FROM item"));
  }

  @Test
  void dataARunChangedOrOfAnotherSeedIsLoadedAfresh() throws Exception {
    Setup first = prepare(items(100, 42));
    execute("DELETE FROM item WHERE id = 5");
    Setup deleted = grow(items(200, 42), first);
    assertFalse(deleted.grown());
    assertTrue(
        String.valueOf(deleted.notGrown()).contains("holds 99 rows, fewer than the 100"),
        deleted.notGrown());
    assertEquals(200, query("SELECT COUNT(*) FROM item"));

    execute("INSERT INTO item (id, k, c, pad) VALUES (201, 1, 'c', 'pad')");
    Setup inserted = grow(items(300, 42), deleted);
    assertTrue(
        String.valueOf(inserted.notGrown()).contains("ids past the 200 loaded"),
        inserted.notGrown());
    assertEquals(300, query("SELECT COUNT(*) FROM item"));

    Setup seed = grow(items(400, 43), inserted);
    assertEquals("table item was loaded with --seed 42, not 43", seed.notGrown());
    Setup smaller = grow(items(400, 43), seed);
    assertTrue(
        String.valueOf(smaller.notGrown()).contains("holds 400 rows already"), smaller.notGrown());
    assertEquals(400, query("SELECT COUNT(*) FROM item"));
  }
}
