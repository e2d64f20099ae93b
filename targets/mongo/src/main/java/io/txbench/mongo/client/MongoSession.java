package io.txbench.mongo.client;

import com.mongodb.MongoException;
import com.mongodb.client.AggregateIterable;
import com.mongodb.client.ClientSession;
import com.mongodb.client.DistinctIterable;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.QueryCounter;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.StatementLog;
import io.txbench.core.spi.Worker;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jspecify.annotations.Nullable;

/**
 * One worker's MongoDB session and the transaction template of every MongoDB workload. With
 * transactions, one {@link ClientSession} is kept for the whole run and each iteration is a
 * transaction on it; the commit is reported to the worker's {@link Effects}, and only the commit is
 * retried while its result is unknown (running the transaction again could apply it twice). Without
 * transactions (a standalone server, the emulator, {@code --disable-transaction}) each write is
 * committed by the server on its own and reported as such. The session counts the statements it
 * runs in the worker's {@link QueryCounter} as sysbench counts them: a find, an aggregation, a
 * distinct or a count is a read, an insert, update or delete a write, and a transaction's start and
 * commit two others.
 */
public final class MongoSession implements AutoCloseable {
  private static final int COMMIT_ATTEMPTS = 5;
  private final Effects effects;
  private final QueryCounter queries;
  private final @Nullable ClientSession session; // none without transactions

  /** This worker's statements outside any transaction: this session itself when it has none. */
  private final MongoSession alone;

  /**
   * The statements of one iteration, sent through {@code session}: in its transaction, or each on
   * its own without one.
   */
  @FunctionalInterface
  public interface Work {
    void run(MongoSession session)
        throws InterruptedException, AbandonedException, DeclinedException;
  }

  private MongoSession(Worker worker, @Nullable ClientSession session) {
    this.effects = worker.effects();
    this.queries = worker.queries();
    this.session = session;
    this.alone = session == null ? this : new MongoSession(worker, null);
  }

  /**
   * A worker's session: with {@code transactions}, one that runs each iteration as a transaction
   * with the target's session and transaction options.
   */
  public static MongoSession open(MongoTarget target, Worker worker, boolean transactions) {
    if (!transactions) {
      return new MongoSession(worker, null);
    }
    return new MongoSession(worker, target.startSession());
  }

  /**
   * The same worker's session for statements that each commit on their own, outside any
   * transaction: a mix runs only its read-modify-writes in one.
   */
  public MongoSession withoutTransaction() {
    return alone;
  }

  /**
   * Runs one iteration: in a transaction committed at the end, or write by write. Work that
   * declines (a sold-out flight) does so before its first write; its transaction is aborted.
   */
  public void transaction(Work work)
      throws InterruptedException, AbandonedException, DeclinedException {
    transaction(work, null, null);
  }

  /**
   * {@link #transaction(Work)}, its commit timed as the statement {@code commit} in {@code log} (a
   * script's {@code \commit} line) when both are given.
   */
  public void transaction(Work work, @Nullable StatementId commit, @Nullable StatementLog log)
      throws InterruptedException, AbandonedException, DeclinedException {
    ClientSession session = this.session;
    if (session == null) {
      work.run(this);
      return;
    }
    session.startTransaction();
    queries.other(); // BEGIN, as sysbench counts it
    try {
      work.run(this);
      queries.other(); // COMMIT
      long start = System.nanoTime();
      try {
        effects.commitPoint(
            () -> {
              commit(session, effects);
              return 1; // the transaction is all of the iteration: it committed
            },
            n -> n,
            MongoErrors::classify);
      } catch (RuntimeException e) {
        if (commit != null && log != null) {
          log.failed(commit, MongoErrors.classify(e).errorClass());
        }
        throw e;
      }
      if (commit != null && log != null) {
        log.succeeded(commit, System.nanoTime() - start);
      }
    } catch (RuntimeException | InterruptedException | AbandonedException | DeclinedException e) {
      abortQuietly(session, e);
      throw e;
    }
  }

  /**
   * Runs a write: inside a transaction as it is, outside one as a commit of its own, reported to
   * the worker's effects.
   */
  public <T> T write(Supplier<T> write) throws AbandonedException {
    return write(write, result -> 1);
  }

  /**
   * The same, for a write that may change nothing ({@code changed} says how many documents it did):
   * one that changed none left nothing behind, and is reported so.
   */
  public <T> T write(Supplier<T> write, ToLongFunction<T> changed) throws AbandonedException {
    queries.write();
    if (session != null) {
      return write.get();
    }
    return effects.commitPoint(write::get, changed, MongoErrors::classify);
  }

  public FindIterable<Document> find(MongoCollection<Document> c, Bson filter) {
    queries.read();
    return session == null ? c.find(filter) : c.find(session, filter);
  }

  public AggregateIterable<Document> aggregate(
      MongoCollection<Document> c, List<? extends Bson> pipeline) {
    queries.read();
    return session == null ? c.aggregate(pipeline) : c.aggregate(session, pipeline);
  }

  /** The distinct values of {@code field} among the documents matching {@code filter}. */
  public <T> DistinctIterable<T> distinct(
      MongoCollection<Document> c, String field, Bson filter, Class<T> type) {
    queries.read();
    return session == null
        ? c.distinct(field, filter, type)
        : c.distinct(session, field, filter, type);
  }

  public long countDocuments(MongoCollection<Document> c, Bson filter) {
    queries.read();
    return session == null ? c.countDocuments(filter) : c.countDocuments(session, filter);
  }

  /** Updates one document: a write (see {@link #write(Supplier, ToLongFunction)}). */
  public UpdateResult updateOne(MongoCollection<Document> c, Bson filter, Bson update)
      throws AbandonedException {
    return write(
        () -> session == null ? c.updateOne(filter, update) : c.updateOne(session, filter, update),
        UpdateResult::getModifiedCount);
  }

  /**
   * Updates one document as {@code options} say (an upsert): a write that always leaves something
   * behind.
   */
  public UpdateResult updateOne(
      MongoCollection<Document> c, Bson filter, Bson update, UpdateOptions options)
      throws AbandonedException {
    return write(
        () ->
            session == null
                ? c.updateOne(filter, update, options)
                : c.updateOne(session, filter, update, options));
  }

  /** Updates every document matching {@code filter}, in one statement. */
  public UpdateResult updateMany(MongoCollection<Document> c, Bson filter, Bson update)
      throws AbandonedException {
    return write(
        () ->
            session == null ? c.updateMany(filter, update) : c.updateMany(session, filter, update),
        UpdateResult::getModifiedCount);
  }

  public DeleteResult deleteOne(MongoCollection<Document> c, Bson filter)
      throws AbandonedException {
    return write(
        () -> session == null ? c.deleteOne(filter) : c.deleteOne(session, filter),
        DeleteResult::getDeletedCount);
  }

  /** Deletes one document and returns it (as {@code options} project it), or null if none. */
  public @Nullable Document findOneAndDelete(
      MongoCollection<Document> c, Bson filter, FindOneAndDeleteOptions options)
      throws AbandonedException {
    return write(
        () ->
            session == null
                ? c.findOneAndDelete(filter, options)
                : c.findOneAndDelete(session, filter, options),
        deleted -> deleted == null ? 0 : 1);
  }

  /**
   * Runs a script's database command as written: a read, or a write (see {@link #write(Supplier,
   * ToLongFunction)}) whose answer {@code checked} turns into the error it carries and {@code
   * changed} counts.
   */
  public BsonDocument command(
      MongoDatabase database,
      Bson command,
      boolean writes,
      UnaryOperator<BsonDocument> checked,
      ToLongFunction<BsonDocument> changed)
      throws AbandonedException {
    Supplier<BsonDocument> run =
        () ->
            checked.apply(
                session == null
                    ? database.runCommand(command, BsonDocument.class)
                    : database.runCommand(session, command, BsonDocument.class));
    if (!writes) {
      queries.read();
      return run.get();
    }
    return write(run, changed);
  }

  public void insertOne(MongoCollection<Document> c, Document document) throws AbandonedException {
    write(() -> session == null ? c.insertOne(document) : c.insertOne(session, document));
  }

  /**
   * Commits, retrying only the commit while its result is unknown, each retry reported to {@code
   * effects}. When the retries run out the error keeps its unknown-result label, which makes the
   * iteration in doubt; any other error, a TransientTransactionError included, means the server
   * aborted the transaction.
   */
  public static void commit(ClientSession session, Effects effects) {
    for (int attempt = 1; ; attempt++) {
      try {
        session.commitTransaction();
        return;
      } catch (MongoException e) {
        if (attempt >= COMMIT_ATTEMPTS
            || !e.hasErrorLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL)) {
          if (attempt > 1 && !e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)) {
            // After an unknown result, a later error does not say the first commit failed.
            e.addLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL);
          }
          throw e;
        }
        effects.retried(MongoErrors.classify(e).errorClass());
      }
    }
  }

  private static void abortQuietly(ClientSession session, Exception cause) {
    try {
      if (session.hasActiveTransaction()) {
        session.abortTransaction();
      }
    } catch (RuntimeException e) {
      cause.addSuppressed(e);
    }
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
    }
  }
}
