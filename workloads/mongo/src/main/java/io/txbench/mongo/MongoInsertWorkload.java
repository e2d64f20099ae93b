package io.txbench.mongo;

import io.txbench.core.AbandonedException;
import io.txbench.core.Invariants;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import org.bson.Document;

/** One iteration inserts one document; the driver makes its ObjectId, unique across runs. */
final class MongoInsertWorkload extends MongoItemWorkload {
  private long countBefore;

  MongoInsertWorkload(MongoTarget target, WorkloadOptions options, MongoRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() {
    countBefore = count();
  }

  @Override
  public void iteration(Worker worker, MongoSession session) throws AbandonedException {
    Document item = new Document("k", ItemData.k(worker.random(), rows))
        .append("c", data.c(worker.random())).append("pad", data.pad(worker.random()))
        .append("updates", 0L);
    session.write(() -> items.insertOne(item));
  }

  @Override
  public Verification verify(Tally tally) {
    return Invariants.inserted(countBefore, count(), tally);
  }
}
