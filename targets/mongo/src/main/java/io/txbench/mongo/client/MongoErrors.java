package io.txbench.mongo.client;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;

/**
 * What a MongoDB error means for an iteration. A connection that broke after sending (a read, a
 * write or a read time-out on the socket) loses the reply; one that could not be opened, or a
 * server that could not be selected, never received the request.
 */
public final class MongoErrors {
  /** A write conflict outside a transaction: another writer got the document first. */
  static final int WRITE_CONFLICT = 112;

  /** Two concurrent upserts of the same key: one of them lost the race. */
  public static final int DUPLICATE_KEY = 11000;

  private MongoErrors() {}

  /** The server's error code, where each kind of exception keeps it. */
  public static int code(MongoException e) {
    return e instanceof MongoWriteException w
        ? w.getError().getCode()
        : e instanceof MongoCommandException c ? c.getErrorCode() : e.getCode();
  }

  public static Failure classify(Throwable error) {
    for (Throwable t : Causes.chain(error)) {
      if (!(t instanceof MongoException e)) {
        continue;
      }
      if (e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)) {
        return Failure.retryable(ErrorClass.TRANSIENT_TRANSACTION);
      }
      if (e.hasErrorLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL)) {
        // The commit was already retried: the server may hold it, and a whole retry could book
        // twice.
        return Failure.replyLost(ErrorClass.TRANSIENT_TRANSACTION);
      }
      if (e instanceof MongoSocketOpenException
          || e instanceof MongoConnectionPoolClearedException
          || e instanceof MongoTimeoutException
          || e instanceof MongoNotPrimaryException
          || e instanceof MongoNodeIsRecoveringException) {
        // No connection (none opened, or the pool cleared by another's broken one while this
        // waited), no server to send to, or the server refused: nothing was applied.
        return Failure.fatal(ErrorClass.CONNECTION);
      }
      if (e instanceof MongoSocketException) {
        return Failure.replyLost(ErrorClass.CONNECTION);
      }
      int code = code(e);
      if (code == WRITE_CONFLICT || code == DUPLICATE_KEY) {
        return Failure.retryable(ErrorClass.SERIALIZATION);
      }
    }
    return Failure.fatal(ErrorClass.OTHER);
  }
}
