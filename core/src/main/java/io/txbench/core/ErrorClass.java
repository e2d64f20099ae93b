package io.txbench.core;

/** Why an iteration failed, in the classes that summary.json and the closing table report. */
public enum ErrorClass {
  /** The server aborted the transaction to keep it serializable (SQLSTATE 40001). */
  SERIALIZATION("serialization"),
  /** The server broke a deadlock by aborting this transaction. */
  DEADLOCK("deadlock"),
  /** A lock wait ran out of time (MySQL 1205). */
  LOCK_TIMEOUT("lock-timeout"),
  /** MongoDB labelled the error TransientTransactionError or UnknownTransactionCommitResult. */
  TRANSIENT_TRANSACTION("transient-transaction"),
  /** The connection could not be had or was lost. */
  CONNECTION("connection"),
  /** Anything else: a bug, a constraint violation, a timeout the target did not classify. */
  OTHER("other");

  private final String label;

  ErrorClass(String label) {
    this.label = label;
  }

  /** The name used in result files. */
  public String label() {
    return label;
  }
}
