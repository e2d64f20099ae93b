package io.txbench.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import io.txbench.core.Lease;
import io.txbench.core.LeaseMode;
import io.txbench.core.Progress;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import io.txbench.core.kinds.ItemFigures;
import io.txbench.core.kinds.ItemKind;
import io.txbench.core.kinds.ItemRun;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.Document;

/**
 * What point-select, insert and update share on MongoDB ({@link ItemKind}): loading the collection
 * {@code item} (documents with {@code _id} 1 to N, shaped as sysbench's rows, plus an {@code
 * updates} counter), attaching to it, and reading the figures the kind's verify compares.
 */
abstract class MongoItemWorkload implements Workload<MongoSession> {
  static final String COLLECTION = MongoCollections.ITEM;
  final MongoTarget target;
  final ItemData data;
  private final ItemKind kind;
  private final WorkloadOptions options;
  private ItemFigures before;
  final MongoCollection<Document> items;
  private final MongoRegistry registry;
  long rows;

  MongoItemWorkload(
      MongoTarget target, ItemKind kind, WorkloadOptions options, MongoRegistry registry) {
    this.target = target;
    this.kind = kind;
    this.options = options;
    this.registry = registry;
    this.data = new ItemData(options.seed());
    this.items = target.database().getCollection(COLLECTION);
    this.rows = ItemKind.tableSize(options.declared());
  }

  @Override
  public void prepare(Progress progress) throws Exception {
    long size = ItemKind.tableSize(options.declared());
    registry.recreate(List.of(COLLECTION), kind.dataSet(), size, options.seed());
    SplittableRandom random = data.loadRandom();
    try (Progress.Task task = progress.start("loading " + COLLECTION, size)) {
      MongoLoader.load(
          items,
          task,
          sink -> {
            for (long id = 1; id <= size; id++) {
              sink.accept(
                  new Document("_id", id)
                      .append("k", ItemData.k(random, size))
                      .append("c", data.c(random))
                      .append("pad", data.pad(random))
                      .append("updates", 0L));
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
    return registry.lease(kind.dataSet(), mode);
  }

  /** Item workloads run without transactions: each write commits on its own. */
  @Override
  public MongoSession openSession(Worker worker) {
    return MongoSession.open(target, worker, null);
  }

  long randomId(SplittableRandom random) {
    return 1 + random.nextLong(rows);
  }

  @Override
  public void beforeRun() {
    before = figures();
  }

  @Override
  public Verification verify(Tally tally) {
    return kind.verify(new ItemRun(before, figures(), tally, options.declared(), 0));
  }

  private ItemFigures figures() {
    return new ItemFigures(items.countDocuments(), sum("$updates"), sum("$k"));
  }

  private long sum(String field) {
    Document sum =
        items.aggregate(List.of(Aggregates.group(null, Accumulators.sum("total", field)))).first();
    return sum == null ? 0 : ((Number) sum.get("total")).longValue();
  }
}
