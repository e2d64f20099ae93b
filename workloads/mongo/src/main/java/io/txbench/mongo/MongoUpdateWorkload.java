package io.txbench.mongo;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.client.result.UpdateResult;
import io.txbench.core.AbandonedException;
import io.txbench.core.Invariants;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;

/** One iteration sets the non-indexed field {@code c} of one document and counts the update. */
final class MongoUpdateWorkload extends MongoItemWorkload {
  private long updatesBefore;

  MongoUpdateWorkload(MongoTarget target, WorkloadOptions options, MongoRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() {
    updatesBefore = updates();
  }

  @Override
  public void iteration(Worker worker, MongoSession session) throws AbandonedException {
    long id = randomId(worker.random());
    String c = data.c(worker.random());
    UpdateResult r = session.write(() -> items.updateOne(Filters.eq("_id", id),
        Updates.combine(Updates.set("c", c), Updates.inc("updates", 1L))),
        UpdateResult::getMatchedCount);
    if (r.getMatchedCount() != 1) {
      throw new IllegalStateException("document " + id + " of collection item is missing");
    }
  }

  @Override
  public Verification verify(Tally tally) {
    return Invariants.updated(updatesBefore, updates(), tally);
  }
}
