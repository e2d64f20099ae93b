package io.txbench.mongo.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteError;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ServerId;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The classification of the driver's real exception types and error labels. */
class MongoErrorsTest {
  private static final ServerAddress SERVER = new ServerAddress("localhost", 27017);

  private static MongoCommandException command(int code, String... labels) {
    BsonDocument response =
        new BsonDocument("ok", new BsonInt32(0))
            .append("code", new BsonInt32(code))
            .append("errmsg", new BsonString("failed"));
    MongoCommandException e = new MongoCommandException(response, SERVER);
    for (String label : labels) {
      e.addLabel(label);
    }
    return e;
  }

  @Test
  void aTransientTransactionErrorRetriesTheWholeTransaction() {
    assertEquals(
        Failure.retryable(ErrorClass.TRANSIENT_TRANSACTION),
        MongoErrors.classify(command(112, MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)));
  }

  @Test
  void anUnknownCommitResultIsNotRetriedAsAWholeTransactionAndIsInDoubt() {
    assertEquals(
        Failure.replyLost(ErrorClass.TRANSIENT_TRANSACTION),
        MongoErrors.classify(command(50, MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL)));
  }

  @Test
  void writeConflictsAndDuplicateUpsertsOutsideTransactionsAreRetried() {
    assertEquals(Failure.retryable(ErrorClass.SERIALIZATION), MongoErrors.classify(command(112)));
    MongoWriteException duplicate =
        new MongoWriteException(
            new WriteError(11000, "E11000 duplicate key", new BsonDocument()), SERVER, Set.of());
    assertEquals(Failure.retryable(ErrorClass.SERIALIZATION), MongoErrors.classify(duplicate));
  }

  @Test
  void aConnectionLostAfterSendingLosesTheReplyAndOneNeverMadeDoesNot() {
    assertEquals(
        Failure.replyLost(ErrorClass.CONNECTION),
        MongoErrors.classify(new MongoSocketReadException("closed", SERVER)));
    assertEquals(
        Failure.replyLost(ErrorClass.CONNECTION),
        MongoErrors.classify(new MongoSocketReadTimeoutException("slow", SERVER, null)));
    assertEquals(
        Failure.fatal(ErrorClass.CONNECTION),
        MongoErrors.classify(new MongoSocketOpenException("refused", SERVER)));
    assertEquals(
        Failure.fatal(ErrorClass.CONNECTION),
        MongoErrors.classify(new MongoTimeoutException("no server")));
    // A lost reply on another worker's connection clears the pool: this one never sent its own.
    assertEquals(
        Failure.fatal(ErrorClass.CONNECTION),
        MongoErrors.classify(
            new MongoConnectionPoolClearedException(
                new ServerId(new ClusterId(), SERVER), new MongoSocketReadException("x", SERVER))));
  }

  @Test
  void anythingElseIsOther() {
    assertEquals(Failure.fatal(ErrorClass.OTHER), MongoErrors.classify(command(2)));
    assertEquals(
        Failure.fatal(ErrorClass.OTHER), MongoErrors.classify(new IllegalStateException("bug")));
  }
}
