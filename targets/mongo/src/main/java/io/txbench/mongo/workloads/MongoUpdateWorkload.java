package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.result.UpdateResult;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Update;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import org.bson.Document;

/**
 * {@link Update} on MongoDB: the non-indexed field {@code c} of one document of a random collection
 * set, the update counted in it.
 */
public final class MongoUpdateWorkload extends MongoItemWorkload {

  public MongoUpdateWorkload(MongoTarget target, Update kind, WorkloadOptions options) {
    super(target, kind, options);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) throws AbandonedException {
    MongoCollection<Document> items = collection(worker.random());
    long id = randomId(worker.random());
    UpdateResult r = session.updateOne(items, Filters.eq("_id", id), shape.update(worker.random()));
    if (r.getMatchedCount() != 1) {
      throw missing(items, id);
    }
  }
}
