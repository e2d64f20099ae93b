package io.txbench.mongo;

import io.txbench.core.data.ItemData;
import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.Insert;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.WorkloadOptions;
import org.bson.Document;

/**
 * {@link Insert} on MongoDB: one document in a random collection; the driver makes its ObjectId,
 * unique across runs.
 */
final class MongoInsertWorkload extends MongoItemWorkload {

  MongoInsertWorkload(
      MongoTarget target, Insert kind, WorkloadOptions options, MongoRegistry registry) {
    super(target, kind, options, registry);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) throws AbandonedException {
    Document item =
        new Document("k", ItemData.k(worker.random(), rows))
            .append("c", data.c(worker.random()))
            .append("pad", data.pad(worker.random()))
            .append("updates", 0L);
    session.insertOne(collection(worker.random()), item);
  }
}
