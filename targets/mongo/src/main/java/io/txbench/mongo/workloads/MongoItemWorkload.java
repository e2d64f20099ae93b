package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import io.txbench.core.data.ItemData;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemEvidence;
import io.txbench.core.workloads.ItemFigures;
import io.txbench.core.workloads.ItemKind;
import io.txbench.mongo.client.MongoNumbers;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.schema.MongoLoader;
import io.txbench.mongo.schema.MongoShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jspecify.annotations.Nullable;

/**
 * What the kinds on items share on MongoDB ({@link ItemKind}): loading the {@code --tables}
 * collections {@code item}, {@code item2}, ... (or YCSB's {@code usertable}, ...) in parallel, with
 * documents of {@code _id} 1 to N in the kind's {@link MongoShape}; attaching to them; choosing a
 * collection and a key for an iteration; and reading the figures the kind's verify compares, summed
 * over the collections. Each kind's class has only its statements.
 */
abstract class MongoItemWorkload extends MongoWorkload<ItemKind, MongoSession> {
  final ItemData data;
  final MongoShape shape;
  private final List<String> names;

  /** The collections, in order: {@code item}, {@code item2}, ... */
  final List<MongoCollection<Document>> collections;

  private final KeyChooser keys;
  private @Nullable ItemFigures before; // taken by beforeRun

  /** The ids 1 to rows exist in every collection: loaded by prepare, or read from the record. */
  long rows;

  MongoItemWorkload(MongoTarget target, ItemKind kind, WorkloadOptions options) {
    super(target, kind, options);
    this.data = new ItemData(options.seed());
    this.shape = MongoShape.of(kind, options.seed(), options.declared(), data);
    this.rows = ItemKind.tableSize(options.declared());
    List<String> n = new ArrayList<>();
    for (int i = 1; i <= ItemKind.tables(options.declared()); i++) {
      n.add(ItemKind.tableName(kind.table(), i));
    }
    this.names = List.copyOf(n);
    this.collections = names.stream().map(target.database()::getCollection).toList();
    this.keys = chooser(() -> rows);
  }

  @Override
  public void prepare(Progress progress) throws SetupException, InterruptedException {
    long size = ItemKind.tableSize(options.declared());
    registry.recreate(names, kind.dataSet(), size, options.seed());
    load(1, size, progress);
    registry.finish(names);
    rows = size;
  }

  /**
   * Adds the documents from the recorded size + 1 to {@code --table-size} to every collection,
   * which keep their indexes and their documents.
   */
  @Override
  public Growth grow(Progress progress) throws SetupException, InterruptedException {
    long size = ItemKind.tableSize(options.declared());
    Set<String> fields = shape.document(1, 1, new SplittableRandom(0)).keySet();
    String refusal = registry.whyNotGrowable(names, options.seed(), size, fields);
    if (refusal != null) {
      return Growth.refused(refusal);
    }
    long first = registry.recorded(names.get(0), "scale") + 1;
    registry.growing(names, size);
    load(first, size, progress);
    registry.finish(names);
    rows = size;
    return Growth.grown();
  }

  /**
   * Loads the {@code _id}s {@code first} to {@code size} into every collection, in parallel; each
   * collection's documents from a random stream of the seed, the collection and {@code first}
   * ({@link ItemData#rowsRandom}), their {@code k} drawn over {@code size}; then its indexes.
   */
  private void load(long first, long size, Progress progress) throws InterruptedException {
    List<MongoLoader.Load> loads = new ArrayList<>();
    for (int n = 0; n < collections.size(); n++) {
      SplittableRandom random = ItemData.rowsRandom(options.seed(), n, first);
      MongoCollection<Document> c = collections.get(n);
      loads.add(
          new MongoLoader.Load(
              c,
              sink -> {
                for (long id = first; id <= size; id++) {
                  sink.accept(shape.document(id, size, random));
                }
                shape.index(c);
              }));
    }
    String what = names.size() == 1 ? names.get(0) : names.size() + " collections";
    String verb = first == 1 ? "loading " : "growing ";
    try (Progress.Task task = progress.start(verb + what, (size - first + 1) * names.size())) {
      MongoLoader.loadAll(loads, task);
    }
  }

  @Override
  public OptionValues attach() throws SetupException {
    long least = Long.MAX_VALUE;
    for (String name : names) {
      least = Math.min(least, registry.attach(name));
    }
    rows = least;
    return ItemKind.loaded(rows);
  }

  /**
   * In transactions where the kind has them (oltp's, unless disabled); the other item kinds' writes
   * each commit on their own.
   */
  @Override
  public MongoSession openSession(Worker worker) {
    return MongoSession.open(target, worker, options.transactional());
  }

  /** A chooser of keys from 1 to {@code keys}, by {@code --distribution}. */
  KeyChooser chooser(LongSupplier keys) {
    return kind.distribution(options.declared()).over(keys);
  }

  /** A key among the loaded documents, by {@code --distribution}. */
  long randomId(SplittableRandom random) {
    return keys.next(random);
  }

  /** The index of a random collection, as sysbench picks a table per transaction. */
  int randomCollection(SplittableRandom random) {
    return collections.size() == 1 ? 0 : random.nextInt(collections.size());
  }

  MongoCollection<Document> collection(SplittableRandom random) {
    return collections.get(randomCollection(random));
  }

  /** The error of a document that must be there and is not: the data is not what prepare left. */
  static IllegalStateException missing(MongoCollection<Document> c, long id) {
    return new IllegalStateException(
        "document "
            + id
            + " of collection "
            + c.getNamespace().getCollectionName()
            + " is missing");
  }

  /**
   * The {@code _id}s from {@code start} to {@code start + size - 1}, clipped to the loaded: one
   * condition with both bounds, as the server plans a BETWEEN (the emulator scans twice as fast as
   * with an {@code $and} of two).
   */
  Bson idRange(long start, long size) {
    long end = Math.max(start, Math.min(rows, start + size - 1));
    return new Document("_id", new Document("$gte", start).append("$lte", end));
  }

  @Override
  public void beforeRun() {
    before = figures();
  }

  @Override
  public Verification verify(Tally tally) {
    ItemFigures counted = before;
    if (counted == null) {
      throw new IllegalStateException("verify needs the figures beforeRun takes");
    }
    return kind.verify(
        new ItemEvidence(counted, figures(), tally, options.declared(), rowsChanged()));
  }

  /**
   * The documents the committed iterations of this run said they changed, for kinds that count them
   * (a range update); 0 otherwise.
   */
  long rowsChanged() {
    return 0;
  }

  /** The documents, the updates counted and the sum of k over every collection. */
  private ItemFigures figures() {
    long documents = 0;
    long updates = 0;
    long kSum = 0;
    for (MongoCollection<Document> c : collections) {
      Document sums =
          c.aggregate(
                  List.of(
                      Aggregates.group(
                          null,
                          Accumulators.sum("documents", 1),
                          Accumulators.sum("updates", "$updates"),
                          Accumulators.sum("k", shape.hasK() ? "$k" : 0))))
              .first();
      if (sums != null) {
        documents += MongoNumbers.at(sums, "documents");
        updates += MongoNumbers.at(sums, "updates");
        kSum += MongoNumbers.at(sums, "k");
      }
    }
    return new ItemFigures(documents, updates, kSum);
  }
}
