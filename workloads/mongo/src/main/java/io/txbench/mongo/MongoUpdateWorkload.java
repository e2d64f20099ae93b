package io.txbench.mongo;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.client.result.UpdateResult;
import io.txbench.core.AbandonedException;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.Update;

/**
 * {@link Update} on MongoDB: the non-indexed field {@code c} of one document set, the update
 * counted in it.
 */
final class MongoUpdateWorkload extends MongoItemWorkload {

  MongoUpdateWorkload(
      MongoTarget target, Update kind, WorkloadOptions options, MongoRegistry registry) {
    super(target, kind, options, registry);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) throws AbandonedException {
    long id = randomId(worker.random());
    String c = data.c(worker.random());
    UpdateResult r =
        session.write(
            () ->
                items.updateOne(
                    Filters.eq("_id", id),
                    Updates.combine(Updates.set("c", c), Updates.inc("updates", 1L))),
            UpdateResult::getMatchedCount);
    if (r.getMatchedCount() != 1) {
      throw new IllegalStateException("document " + id + " of collection item is missing");
    }
  }
}
