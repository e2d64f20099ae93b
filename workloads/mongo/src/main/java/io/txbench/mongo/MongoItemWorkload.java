package io.txbench.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Accumulators;
import io.txbench.core.Lease;
import io.txbench.core.LeaseMode;
import io.txbench.core.Progress;
import io.txbench.core.Worker;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.Document;

/**
 * What point-select, insert and update share on MongoDB: the collection {@code item} of
 * {@code --table-size} documents with {@code _id} 1 to N, shaped as sysbench's rows, plus an
 * {@code updates} counter.
 */
abstract class MongoItemWorkload implements Workload<MongoSession> {
  static final String COLLECTION = MongoCollections.ITEM;
  final MongoTarget target;
  final WorkloadOptions options;
  final ItemData data;
  final MongoCollection<Document> items;
  private final MongoRegistry registry;
  long rows;

  MongoItemWorkload(MongoTarget target, WorkloadOptions options, MongoRegistry registry) {
    this.target = target;
    this.options = options;
    this.registry = registry;
    this.data = new ItemData(options.seed());
    this.items = target.database().getCollection(COLLECTION);
    this.rows = options.tableSize();
  }

  @Override
  public void prepare(Progress progress) throws Exception {
    long size = options.tableSize();
    registry.recreate(List.of(COLLECTION), MongoCollections.ITEMS_GROUP, size, options.seed());
    SplittableRandom random = data.loadRandom();
    try (Progress.Task task = progress.start("loading " + COLLECTION, size)) {
      MongoLoader.load(items, task, sink -> {
        for (long id = 1; id <= size; id++) {
          sink.accept(new Document("_id", id).append("k", ItemData.k(random, size))
              .append("c", data.c(random)).append("pad", data.pad(random)).append("updates", 0L));
        }
      });
    }
    items.createIndex(new Document("k", 1));
    registry.finish(List.of(COLLECTION));
    rows = size;
  }

  @Override
  public void attach() throws Exception {
    rows = registry.attach(COLLECTION);
  }

  @Override
  public Lease lease(LeaseMode mode) throws Exception {
    return registry.lease(MongoCollections.ITEMS_GROUP, mode);
  }

  /** Item workloads run without transactions: each write commits on its own. */
  @Override
  public MongoSession openSession(Worker worker) {
    return MongoSession.open(target, worker, null);
  }

  long randomId(SplittableRandom random) {
    return 1 + random.nextLong(rows);
  }

  long count() {
    return items.countDocuments();
  }

  long updates() {
    Document sum = items.aggregate(List.of(
        Aggregates.group(null, Accumulators.sum("total", "$updates")))).first();
    return sum == null ? 0 : ((Number) sum.get("total")).longValue();
  }
}
