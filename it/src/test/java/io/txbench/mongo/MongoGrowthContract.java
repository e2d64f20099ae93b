package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.txbench.core.run.Benchmark;
import io.txbench.core.run.Setup;
import io.txbench.core.run.StopAtFirstStep;
import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.PointSelect;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * Growing the item collections from one level of a data-volume sweep to the next: only the
 * documents a level adds are loaded, the others kept as they were; data that cannot grow (changed
 * by a run, of another seed, not loaded completely) is loaded afresh instead.
 */
abstract class MongoGrowthContract extends MongoMixContract {

  private static WorkloadOptions items(long tableSize, long seed) {
    return new WorkloadOptions(new PointSelect(), seed, OptionValues.defaults())
        .with(ItemKind.TABLE_SIZE, tableSize);
  }

  private Benchmark open(WorkloadOptions options) throws Exception {
    return Benchmark.open(provider, target(1), options, 1);
  }

  /** Loads the data of {@code options}, and nothing more: no run, no verify. */
  Setup prepare(WorkloadOptions options) throws Exception {
    try (Benchmark b = open(options)) {
      return b.prepare(Progress.silent());
    }
  }

  private Setup grow(WorkloadOptions options, Setup previous) throws Exception {
    try (Benchmark b = open(options)) {
      return b.grow(Progress.silent(), previous);
    }
  }

  private Document item(long id) {
    return db.getCollection("item").find(Filters.eq("_id", id)).first();
  }

  @Test
  void growingAddsOnlyTheDocumentsALevelLacksAndTheSameOnesEachTime() throws Exception {
    Setup first = prepare(items(100, 42));
    db.getCollection("item").updateOne(Filters.eq("_id", 1L), Updates.set("updates", 7L));
    Setup grown = grow(items(250, 42), first);
    assertTrue(grown.grown(), grown.toString());
    assertEquals(250, grown.rows());
    assertEquals(150, grown.addedRows());
    assertEquals(250, count("item"));
    assertEquals(7L, item(1).getLong("updates")); // kept, not reloaded
    Document added = item(180);
    try (Benchmark b = open(new WorkloadOptions(new PointSelect(), 42, OptionValues.defaults()))) {
      // The record says the grown collection is complete, and its size, which a run records.
      assertEquals(250L, b.attach().byName().get("table-size"));
    }
    try (Benchmark b = open(items(300, 42))) {
      assertThrows(OptionMismatchException.class, b::attach);
    }
    prepare(items(100, 42));
    grow(items(250, 42), first);
    assertEquals(added, item(180)); // the same seed and levels give the same documents
  }

  @Test
  void aGrowthCutShortIsRefusedByAttachAndLoadedAfreshNextTime() throws Exception {
    Setup first = prepare(items(100, 42));
    try (Benchmark b = open(items(20_000, 42))) {
      assertThrows(StoppedException.class, () -> b.grow(new StopAtFirstStep(b), first));
    }
    try (Benchmark b = open(items(20_000, 42))) {
      SetupException e = assertThrows(SetupException.class, b::attach);
      assertTrue(
          String.valueOf(e.getMessage()).contains("was not loaded completely"), e.getMessage());
    }
    Setup again = grow(items(200, 42), first);
    assertFalse(again.grown());
    assertEquals("collection item was not loaded completely", again.notGrown());
    assertEquals(200, count("item"));
  }

  @Test
  void dataARunChangedOrOfAnotherSeedIsLoadedAfresh() throws Exception {
    Setup first = prepare(items(100, 42));
    db.getCollection("item").deleteOne(Filters.eq("_id", 5L));
    Setup deleted = grow(items(200, 42), first);
    assertFalse(deleted.grown());
    assertTrue(
        String.valueOf(deleted.notGrown()).contains("holds 99 documents, fewer"),
        deleted.notGrown());
    assertEquals(200, count("item"));
    db.getCollection("item").insertOne(new Document("k", 1).append("c", "c"));
    Setup inserted = grow(items(300, 42), deleted);
    assertTrue(
        String.valueOf(inserted.notGrown()).contains("past the 200 loaded"), inserted.notGrown());
    Setup seed = grow(items(400, 43), inserted);
    assertEquals("collection item was loaded with --seed 42, not 43", seed.notGrown());
    assertEquals(400, count("item"));
  }
}
