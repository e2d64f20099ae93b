package io.txbench.mongo.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Insert;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import org.bson.Document;

/**
 * {@link Insert} on MongoDB: one document in a random collection; the driver makes its ObjectId,
 * unique across runs.
 */
public final class MongoInsertWorkload extends MongoItemWorkload {

  public MongoInsertWorkload(MongoTarget target, Insert kind, WorkloadOptions options) {
    super(target, kind, options);
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
