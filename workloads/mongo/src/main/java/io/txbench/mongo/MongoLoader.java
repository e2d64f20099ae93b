package io.txbench.mongo;

import com.mongodb.client.MongoCollection;
import io.txbench.core.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Loads generated documents with unordered {@code insertMany} batches, advancing a progress task.
 */
final class MongoLoader {
  private static final int BATCH = 1_000;

  private MongoLoader() {}

  /** Inserts what {@code source} emits into {@code collection}. */
  static void load(
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

  private static void flush(
      MongoCollection<Document> collection, List<Document> batch, Progress.Task progress) {
    if (batch.isEmpty()) {
      return;
    }
    collection.insertMany(batch, new com.mongodb.client.model.InsertManyOptions().ordered(false));
    progress.advance(batch.size());
    batch.clear();
  }
}
