package io.txbench.mongo;

import de.bwaldvogel.mongo.bson.Document;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How {@link ReplicaSetEmulator} answers one commitTransaction: whether it commits the transaction,
 * and the reply it sends, or none (it closes the connection instead, as a primary that crashed or a
 * network that failed after the commit would).
 */
record CommitAnswer(boolean commits, @Nullable Document reply) {

  /** Commits and says so: what a healthy primary does. */
  static CommitAnswer ok() {
    return new CommitAnswer(true, new Document("ok", 1.0));
  }

  /** Commits, then the connection breaks before the reply is written. */
  static CommitAnswer replyLost() {
    return new CommitAnswer(true, null);
  }

  /**
   * Commits nothing and says the operation was killed (Interrupted, 11601): an error the driver
   * gives no label, so it alone does not say whether an earlier attempt committed.
   */
  static CommitAnswer interrupted() {
    return new CommitAnswer(
        false,
        new Document("ok", 0.0)
            .append("code", 11601)
            .append("codeName", "Interrupted")
            .append("errmsg", "operation was interrupted"));
  }

  /**
   * Aborts the transaction with a write conflict labelled TransientTransactionError, as a primary
   * does when another transaction wrote the same document first: the whole transaction may run
   * again.
   */
  static CommitAnswer transientConflict() {
    return new CommitAnswer(
        false,
        new Document("ok", 0.0)
            .append("code", 112)
            .append("codeName", "WriteConflict")
            .append("errmsg", "write conflict")
            .append("errorLabels", List.of("TransientTransactionError")));
  }

  /** The reply to a commit of a transaction the server aborted or never saw. */
  static CommitAnswer noSuchTransaction() {
    return new CommitAnswer(
        false,
        new Document("ok", 0.0)
            .append("code", 251)
            .append("codeName", "NoSuchTransaction")
            .append("errmsg", "transaction has been aborted")
            .append("errorLabels", List.of("TransientTransactionError")));
  }
}
