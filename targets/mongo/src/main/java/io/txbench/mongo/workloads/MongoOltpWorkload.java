package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Oltp;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@link Oltp} on MongoDB: sysbench's transaction on one random collection, statement for statement
 * in MongoDB's terms. Point selects find by {@code _id} returning {@code c}; a simple range finds
 * an {@code _id} range returning {@code c}, an order range the same sorted by {@code c}; a sum
 * range is a {@code $group} summing {@code k} over the range; a distinct range is {@code distinct}
 * of {@code c} over it, sorted (the server returns distinct values in no set order). The index
 * update is {@code $inc k}, the non-index update {@code $set c} counted in {@code updates}, and a
 * delete-insert is a {@code findOneAndDelete} returning {@code k} and {@code updates}, then an
 * {@code insertOne} of the same {@code _id} with them. All in one transaction where the server has
 * them (a replica set, a sharded cluster), each committed on its own with {@code --skip-trx}.
 */
public final class MongoOltpWorkload extends MongoItemWorkload {
  private static final Bson ONLY_C =
      Projections.fields(Projections.include("c"), Projections.excludeId());
  private static final FindOneAndDeleteOptions KEEP_COUNTS =
      new FindOneAndDeleteOptions().projection(Projections.include("k", "updates"));

  private static final Bson INCREMENT_K = Updates.inc("k", 1);

  /** Keys an update tries before it gives up on documents gone for good. */
  private static final int MOST_KEYS_TRIED = 100;

  private final long pointSelects;
  private final long simpleRanges;
  private final long sumRanges;
  private final long orderRanges;
  private final long distinctRanges;
  private final long rangeSize;
  private final long indexUpdates;
  private final long nonIndexUpdates;
  private final long deleteInserts;

  public MongoOltpWorkload(MongoTarget target, Oltp kind, WorkloadOptions options) {
    super(target, kind, options);
    pointSelects = kind.per(options.declared(), Oltp.POINT_SELECTS);
    simpleRanges = kind.per(options.declared(), Oltp.SIMPLE_RANGES);
    sumRanges = kind.per(options.declared(), Oltp.SUM_RANGES);
    orderRanges = kind.per(options.declared(), Oltp.ORDER_RANGES);
    distinctRanges = kind.per(options.declared(), Oltp.DISTINCT_RANGES);
    rangeSize = kind.reads() ? options.declared().get(Oltp.RANGE_SIZE) : 0;
    indexUpdates = kind.per(options.declared(), Oltp.INDEX_UPDATES);
    nonIndexUpdates = kind.per(options.declared(), Oltp.NON_INDEX_UPDATES);
    deleteInserts = kind.per(options.declared(), Oltp.DELETE_INSERTS);
  }

  @Override
  public void iteration(Worker worker, MongoSession session)
      throws InterruptedException, AbandonedException, DeclinedException {
    MongoCollection<Document> items = collection(worker.random());
    session.transaction(
        s -> {
          read(s, items, worker.random());
          write(s, items, worker.random());
        });
  }

  private void read(MongoSession session, MongoCollection<Document> items, SplittableRandom r) {
    for (long i = 0; i < pointSelects; i++) {
      session.find(items, Filters.eq("_id", randomId(r))).projection(ONLY_C).first();
    }
    for (long i = 0; i < simpleRanges; i++) {
      drain(session.find(items, idRange(randomId(r), rangeSize)).projection(ONLY_C));
    }
    for (long i = 0; i < sumRanges; i++) {
      session
          .aggregate(
              items,
              List.of(
                  Aggregates.match(idRange(randomId(r), rangeSize)),
                  Aggregates.group(null, Accumulators.sum("k", "$k"))))
          .first();
    }
    for (long i = 0; i < orderRanges; i++) {
      drain(
          session
              .find(items, idRange(randomId(r), rangeSize))
              .projection(ONLY_C)
              .sort(Sorts.ascending("c")));
    }
    for (long i = 0; i < distinctRanges; i++) {
      List<String> distinct =
          session
              .distinct(items, "c", idRange(randomId(r), rangeSize), String.class)
              .into(new ArrayList<>());
      Collections.sort(distinct);
    }
  }

  private void write(MongoSession session, MongoCollection<Document> items, SplittableRandom r)
      throws AbandonedException {
    for (long i = 0; i < indexUpdates; i++) {
      update(session, items, r, INCREMENT_K);
    }
    for (long i = 0; i < nonIndexUpdates; i++) {
      update(session, items, r, shape.update(r));
    }
    for (long i = 0; i < deleteInserts; i++) {
      long id = randomId(r);
      Document gone = session.findOneAndDelete(items, Filters.eq("_id", id), KEEP_COUNTS);
      if (gone == null) {
        // Another worker deleted it and has not put it back yet (only without transactions): an
        // insert now would collide with its own.
        continue;
      }
      session.insertOne(
          items,
          new Document("_id", id)
              .append("k", gone.get("k"))
              .append("c", data.c(r))
              .append("pad", data.pad(r))
              .append("updates", gone.get("updates")));
    }
  }

  /**
   * Updates the document of a random key. Without a transaction, another worker's delete-insert may
   * have that document out for a moment, and the update would change nothing where verify counts
   * one change per committed transaction: it takes another key then. In a transaction the server
   * makes the two conflict instead, and the runner retries the transaction.
   */
  private void update(
      MongoSession session, MongoCollection<Document> items, SplittableRandom r, Bson update)
      throws AbandonedException {
    for (int attempt = 1; ; attempt++) {
      long id = randomId(r);
      long matched = session.updateOne(items, Filters.eq("_id", id), update).getMatchedCount();
      if (matched > 0 || options.transactional()) {
        return;
      }
      if (attempt == MOST_KEYS_TRIED) {
        throw new IllegalStateException(
            MOST_KEYS_TRIED
                + " documents of "
                + items.getNamespace().getCollectionName()
                + " in a row are missing, the last "
                + id
                + ": run prepare again");
      }
    }
  }

  /** Reads every document of a find, as sysbench fetches every row of its result. */
  private static void drain(Iterable<Document> documents) {
    for (Document ignored : documents) {
      // Fetched and dropped.
    }
  }
}
