package io.txbench.mongo.workloads;

import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Count;
import io.txbench.core.workloads.Oltp;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;

/**
 * {@link Count} on MongoDB: {@code countDocuments} over a range of {@code --range-size} {@code
 * _id}s of a random collection (mongodb-performance-test's {@code count}).
 */
public final class MongoCountWorkload extends MongoItemWorkload {
  private final long rangeSize;

  public MongoCountWorkload(MongoTarget target, Count kind, WorkloadOptions options) {
    super(target, kind, options);
    rangeSize = options.declared().get(Oltp.RANGE_SIZE);
  }

  @Override
  public void iteration(Worker worker, MongoSession session) {
    session.countDocuments(
        collection(worker.random()), idRange(randomId(worker.random()), rangeSize));
  }
}
