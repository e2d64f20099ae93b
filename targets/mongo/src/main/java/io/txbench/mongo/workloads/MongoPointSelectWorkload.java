package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.PointSelect;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import org.bson.Document;

/** {@link PointSelect} on MongoDB: one document of a random collection found by {@code _id}. */
public final class MongoPointSelectWorkload extends MongoItemWorkload {

  public MongoPointSelectWorkload(MongoTarget target, PointSelect kind, WorkloadOptions options) {
    super(target, kind, options);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) {
    MongoCollection<Document> items = collection(worker.random());
    long id = randomId(worker.random());
    Document d = session.find(items, Filters.eq("_id", id)).projection(shape.read()).first();
    if (d == null || d.getString("c") == null) {
      throw missing(items, id);
    }
  }
}
