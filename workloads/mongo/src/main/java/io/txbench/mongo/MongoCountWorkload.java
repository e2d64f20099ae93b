package io.txbench.mongo;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.Count;
import io.txbench.core.kinds.Oltp;
import io.txbench.core.spi.WorkloadOptions;

/**
 * {@link Count} on MongoDB: {@code countDocuments} over a range of {@code --range-size} {@code
 * _id}s of a random collection (mongodb-performance-test's {@code count}).
 */
final class MongoCountWorkload extends MongoItemWorkload {
  private final long rangeSize;

  MongoCountWorkload(
      MongoTarget target, Count kind, WorkloadOptions options, MongoRegistry registry) {
    super(target, kind, options, registry);
    rangeSize = options.declared().get(Oltp.RANGE_SIZE);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) {
    session.countDocuments(
        collection(worker.random()), idRange(randomId(worker.random()), rangeSize));
  }
}
