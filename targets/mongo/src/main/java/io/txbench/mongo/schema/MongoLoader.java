package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import io.txbench.core.spi.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Loads generated documents with unordered {@code insertMany} batches, advancing a progress task;
 * several collections at once, as sysbench's parallel prepare, under one task.
 */
public final class MongoLoader {
  private static final int BATCH = 1_000;

  /** More loaders than this only queue on the server's disk. */
  private static final int MOST_AT_ONCE = 8;

  /** What to load into one collection: {@code source} emits its documents. */
  public record Load(MongoCollection<Document> collection, Consumer<Consumer<Document>> source) {}

  private MongoLoader() {}

  /** Inserts what {@code source} emits into {@code collection}. */
  public static void load(
      MongoCollection<Document> collection,
      Progress.Task progress,
      Consumer<Consumer<Document>> source) {
    List<Document> batch = new ArrayList<>(BATCH);
    source.accept(
        d -> {
          batch.add(d);
          if (batch.size() == BATCH) {
            flush(collection, batch, progress);
          }
        });
    flush(collection, batch, progress);
  }

  /**
   * Runs {@code loads} side by side, each on a thread of its own (up to eight at once), all
   * advancing {@code progress}; the first to fail stops the others and is thrown.
   */
  public static void loadAll(List<Load> loads, Progress.Task progress) throws InterruptedException {
    if (loads.size() == 1) {
      load(loads.get(0).collection(), progress, loads.get(0).source());
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(loads.size(), MOST_AT_ONCE));
    try {
      List<Future<?>> running = new ArrayList<>();
      for (Load l : loads) {
        running.add(pool.submit(() -> load(l.collection(), progress, l.source())));
      }
      for (Future<?> f : running) {
        try {
          f.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof RuntimeException r
              ? r
              : new IllegalStateException(e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static void flush(
      MongoCollection<Document> collection, List<Document> batch, Progress.Task progress) {
    if (batch.isEmpty()) {
      return;
    }
    collection.insertMany(batch, new InsertManyOptions().ordered(false));
    // Several loaders may share the task; a progress task is not made for concurrent callers.
    synchronized (progress) {
      progress.advance(batch.size());
    }
    batch.clear();
  }
}
