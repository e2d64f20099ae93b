package io.txbench.mongo;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.PointSelect;
import org.bson.Document;
import org.bson.conversions.Bson;

/** {@link PointSelect} on MongoDB: one document found by {@code _id}. */
final class MongoPointSelectWorkload extends MongoItemWorkload {
  private static final Bson ONLY_C = Projections.include("c");

  MongoPointSelectWorkload(
      MongoTarget target, PointSelect kind, WorkloadOptions options, MongoRegistry registry) {
    super(target, kind, options, registry);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) {
    long id = randomId(worker.random());
    Document d = items.find(Filters.eq("_id", id)).projection(ONLY_C).first();
    if (d == null || d.getString("c") == null) {
      throw new IllegalStateException("document " + id + " of collection item is missing");
    }
  }
}
