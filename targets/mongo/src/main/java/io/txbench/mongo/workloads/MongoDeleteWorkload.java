package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Delete;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import org.bson.Document;

/**
 * {@link Delete} on MongoDB: one document of a random collection deleted by {@code _id}
 * (mongodb-performance-test's {@code delete}); a key already deleted is declined.
 */
public final class MongoDeleteWorkload extends MongoItemWorkload {

  public MongoDeleteWorkload(MongoTarget target, Delete kind, WorkloadOptions options) {
    super(target, kind, options);
  }

  @Override
  public void iteration(Worker worker, MongoSession session)
      throws AbandonedException, DeclinedException {
    MongoCollection<Document> items = collection(worker.random());
    long id = randomId(worker.random());
    if (session.deleteOne(items, Filters.eq("_id", id)).getDeletedCount() == 0) {
      throw new DeclinedException(
          "document " + id + " of " + items.getNamespace().getCollectionName() + " is gone");
    }
  }
}
