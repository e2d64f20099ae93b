package io.txbench.core.spi;

/** Why an iteration failed, in the classes that summary.json and the closing table report. */
public enum ErrorClass {
  /** The server aborted the transaction to keep it serializable (SQLSTATE 40001). */
  SERIALIZATION("serialization", "serialization failure"),
  /** The server broke a deadlock by aborting this transaction. */
  DEADLOCK("deadlock", "deadlock"),
  /** A lock wait ran out of time (MySQL 1205). */
  LOCK_TIMEOUT("lock-timeout", "lock wait timeout"),
  /** MongoDB labelled the error TransientTransactionError or UnknownTransactionCommitResult. */
  TRANSIENT_TRANSACTION("transient-transaction", "transient transaction error"),
  /** The connection could not be had or was lost. */
  CONNECTION("connection", "connection error"),
  /** Anything else: a bug, a constraint violation, a timeout the target did not classify. */
  OTHER("other", "error");

  private final String label;
  private final String words;

  ErrorClass(String label, String words) {
    this.label = label;
    this.words = words;
  }

  /** The class in words, for messages: "serialization failure". */
  public String words() {
    return words;
  }

  /** The name used in result files. */
  public String label() {
    return label;
  }
}
