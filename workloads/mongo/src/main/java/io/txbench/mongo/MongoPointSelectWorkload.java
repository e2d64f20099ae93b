package io.txbench.mongo;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.txbench.core.Invariants;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import org.bson.Document;
import org.bson.conversions.Bson;

/** One iteration finds one document by {@code _id}. */
final class MongoPointSelectWorkload extends MongoItemWorkload {
  private static final Bson ONLY_C = Projections.include("c");
  private long countBefore;
  private long updatesBefore;

  MongoPointSelectWorkload(MongoTarget target, WorkloadOptions options, MongoRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() {
    countBefore = count();
    updatesBefore = updates();
  }

  @Override
  public void iteration(Worker worker, MongoSession session) {
    long id = randomId(worker.random());
    Document d = items.find(Filters.eq("_id", id)).projection(ONLY_C).first();
    if (d == null || d.getString("c") == null) {
      throw new IllegalStateException("document " + id + " of collection item is missing");
    }
  }

  @Override
  public Verification verify(Tally tally) {
    return Invariants.unchanged(countBefore, count(), updatesBefore, updates(), tally);
  }
}
