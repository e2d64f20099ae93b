package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Mix;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.MixOperation;
import io.txbench.mongo.client.MongoNumbers;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.schema.MongoShape;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * A weighted mix ({@link MixKind}, {@code --mix}) or one of YCSB's presets on MongoDB, on
 * sysbench's documents or YCSB's ({@link MongoShape}): each iteration draws an operation, says
 * which to the worker, and runs it on a random collection. A read, an update or a delete of a key
 * that is not there (deleted) is declined, as YCSB's NOT_FOUND. An insert takes the collection's
 * next numeric {@code _id}; the key choosers see it once the insert is acknowledged (YCSB's {@code
 * latest} reads the newest acknowledged key), as on SQL. A read-modify-write is one transaction
 * where the server has them. Statements are counted (a read, a write; both for a
 * read-modify-write), as on SQL.
 */
public final class MongoMixWorkload extends MongoItemWorkload {
  private final Mix mix;
  private final List<MixOperation> drawn;
  private final long scanLength;

  /** Per collection, the highest {@code _id} there is, or an insert took. */
  private final List<AtomicLong> lastKeys;

  /** Per collection, the highest {@code _id} there was, or an acknowledged insert wrote. */
  private final List<AtomicLong> acknowledged;

  /** Per collection, keys from 1 to its highest acknowledged key, by {@code --distribution}. */
  private final List<KeyChooser> keys;

  private final boolean transactions;

  public MongoMixWorkload(MongoTarget target, MixKind kind, WorkloadOptions options) {
    super(target, kind, options);
    mix = kind.mix(options.declared());
    drawn = mix.operations();
    scanLength = MixKind.scanLength(options.declared());
    lastKeys = collections.stream().map(c -> new AtomicLong(rows)).toList();
    acknowledged = collections.stream().map(c -> new AtomicLong(rows)).toList();
    keys = acknowledged.stream().map(last -> chooser(last::get)).toList();
    transactions = target.supportsTransactions() && mix.has(MixOperation.READ_MODIFY_WRITE);
  }

  @Override
  public MongoSession openSession(Worker worker) {
    return MongoSession.open(target, worker, transactions);
  }

  /** Inserts go on from the highest numeric {@code _id} each collection has. */
  @Override
  public void beforeRun() {
    for (int n = 0; n < collections.size(); n++) {
      // Type bracketing: a comparison with a number matches numbers only, never an ObjectId.
      Document last =
          collections
              .get(n)
              .find(Filters.lt("_id", Long.MAX_VALUE))
              .projection(Projections.include("_id"))
              .sort(Sorts.descending("_id"))
              .first();
      long highest = last == null ? 0 : MongoNumbers.at(last, "_id");
      lastKeys.get(n).set(highest);
      acknowledged.get(n).set(highest);
    }
    super.beforeRun();
  }

  @Override
  public void iteration(Worker worker, MongoSession session)
      throws InterruptedException, AbandonedException, DeclinedException {
    SplittableRandom r = worker.random();
    int op = mix.choose(r);
    worker.operation(op);
    int n = randomCollection(r);
    MongoCollection<Document> c = collections.get(n);
    MongoSession alone = session.withoutTransaction();
    MixOperation operation = drawn.get(op);
    switch (operation) {
      case POINT_SELECT -> {
        long id = keys.get(n).next(r);
        found(read(alone, c, id) != null, c, id);
      }
      case UPDATE -> update(alone, c, keys.get(n).next(r), r);
      case INSERT -> {
        long id = lastKeys.get(n).incrementAndGet();
        alone.insertOne(c, shape.document(id, rows, r));
        // Only an acknowledged key is offered to the readers.
        acknowledged.get(n).accumulateAndGet(id, Math::max);
      }
      case DELETE -> {
        long id = keys.get(n).next(r);
        found(alone.deleteOne(c, Filters.eq("_id", id)).getDeletedCount() > 0, c, id);
      }
      case RANGE_SCAN -> {
        for (Document ignored :
            alone
                .find(c, Filters.gte("_id", keys.get(n).next(r)))
                .projection(shape.read())
                .sort(Sorts.ascending("_id"))
                .limit((int) (1 + r.nextLong(scanLength)))) {
          // Fetched and dropped, as YCSB's scan.
        }
      }
      case READ_MODIFY_WRITE -> readModifyWrite(session, c, keys.get(n).next(r), r);
    }
  }

  private void readModifyWrite(
      MongoSession session, MongoCollection<Document> c, long id, SplittableRandom r)
      throws InterruptedException, AbandonedException, DeclinedException {
    session.transaction(
        s -> {
          found(read(s, c, id) != null, c, id);
          update(s, c, id, r);
        });
  }

  private Document read(MongoSession session, MongoCollection<Document> c, long id) {
    return session.find(c, Filters.eq("_id", id)).projection(shape.read()).first();
  }

  private void update(
      MongoSession session, MongoCollection<Document> c, long id, SplittableRandom r)
      throws AbandonedException, DeclinedException {
    Bson byId = Filters.eq("_id", id);
    found(session.updateOne(c, byId, shape.update(r)).getMatchedCount() > 0, c, id);
  }

  /** Declines the operation when the document it looked for is not there. */
  private static void found(boolean found, MongoCollection<Document> c, long id)
      throws DeclinedException {
    if (!found) {
      throw new DeclinedException(
          "no document " + id + " in " + c.getNamespace().getCollectionName());
    }
  }
}
