package io.txbench.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import io.txbench.core.ErrorClass;
import io.txbench.core.Failure;

/** What a MongoDB error means for an iteration. */
final class MongoErrors {
  /** A write conflict outside a transaction: another writer got the document first. */
  static final int WRITE_CONFLICT = 112;
  /** Two concurrent upserts of the same key: one of them lost the race. */
  static final int DUPLICATE_KEY = 11000;

  private MongoErrors() {}

  static Failure classify(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (!(t instanceof MongoException e)) {
        continue;
      }
      if (e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)) {
        return Failure.retryable(ErrorClass.TRANSIENT_TRANSACTION);
      }
      if (e.hasErrorLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL)) {
        // The commit was already retried; running the whole transaction again could book twice.
        return Failure.fatal(ErrorClass.TRANSIENT_TRANSACTION);
      }
      if (e instanceof MongoSocketException || e instanceof MongoTimeoutException
          || e instanceof MongoNotPrimaryException || e instanceof MongoNodeIsRecoveringException) {
        return Failure.fatal(ErrorClass.CONNECTION);
      }
      int code = e instanceof MongoWriteException w ? w.getError().getCode()
          : e instanceof MongoCommandException c ? c.getErrorCode() : e.getCode();
      if (code == WRITE_CONFLICT || code == DUPLICATE_KEY) {
        return Failure.retryable(ErrorClass.SERIALIZATION);
      }
    }
    return Failure.fatal(ErrorClass.OTHER);
  }
}
