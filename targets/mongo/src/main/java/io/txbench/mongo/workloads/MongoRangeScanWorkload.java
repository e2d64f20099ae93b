package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.RangeScan;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import org.bson.Document;

/**
 * {@link RangeScan} on MongoDB: {@code --range-size} whole documents of a random collection read in
 * {@code _id} order from a key (mongodb-performance-test's {@code iterate_many}).
 */
public final class MongoRangeScanWorkload extends MongoItemWorkload {
  private final int rangeSize;

  public MongoRangeScanWorkload(MongoTarget target, RangeScan kind, WorkloadOptions options) {
    super(target, kind, options);
    rangeSize = options.declared().get(Oltp.RANGE_SIZE).intValue();
  }

  @Override
  public void iteration(Worker worker, MongoSession session) {
    MongoCollection<Document> items = collection(worker.random());
    long start = randomId(worker.random());
    for (Document ignored :
        session
            .find(items, Filters.gte("_id", start))
            .sort(Sorts.ascending("_id"))
            .limit(rangeSize)) {
      // Fetched and dropped, as mongodb-performance-test iterates its cursor.
    }
  }
}
