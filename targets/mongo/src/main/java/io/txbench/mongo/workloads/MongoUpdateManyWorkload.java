package io.txbench.mongo.workloads;

import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.UpdateMany;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@link UpdateMany} on MongoDB: one {@code updateMany} over a range of {@code --range-size} {@code
 * _id}s of a random collection, setting {@code c} and counting the update in each document
 * (mongodb-performance-test's {@code update_many}). The documents each committed statement says it
 * changed are summed for verify.
 */
public final class MongoUpdateManyWorkload extends MongoItemWorkload {
  private final long rangeSize;
  private final LongAdder changed = new LongAdder();

  public MongoUpdateManyWorkload(MongoTarget target, UpdateMany kind, WorkloadOptions options) {
    super(target, kind, options);
    rangeSize = options.declared().get(Oltp.RANGE_SIZE);
  }

  @Override
  public void beforeRun() {
    changed.reset();
    super.beforeRun();
  }

  @Override
  public void iteration(Worker worker, MongoSession session) throws AbandonedException {
    long modified =
        session
            .updateMany(
                collection(worker.random()),
                idRange(randomId(worker.random()), rangeSize),
                shape.update(worker.random()))
            .getModifiedCount();
    changed.add(modified);
  }

  @Override
  long rowsChanged() {
    return changed.sum();
  }
}
