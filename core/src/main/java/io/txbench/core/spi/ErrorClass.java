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
  /** No answer came within the time allowed (an HTTP request's --http-timeout). */
  TIMEOUT("timeout", "timeout"),
  /** An HTTP response of status 400 to 499 that --http-ok does not accept. */
  HTTP_4XX("4xx", "4xx response"),
  /** An HTTP response of status 500 to 599 that --http-ok does not accept. */
  HTTP_5XX("5xx", "5xx response"),
  /**
   * Anything else: a bug, a constraint violation, a timeout the target did not classify, an HTTP
   * status of another class that --http-ok does not accept.
   */
  OTHER("other", "error");

  private final String label;
  private final String words;

  ErrorClass(String label, String words) {
    this.label = label;
    this.words = words;
  }

  /**
   * Whether the server gave no answer: it could not be reached, the connection was lost, or the
   * answer took too long. A worker pauses after such a failure, so as not to spin against a server
   * that is not there; after an answer (a refusal, an error status) it goes on at once, as the
   * server can take it.
   */
  public boolean unanswered() {
    return this == CONNECTION || this == TIMEOUT;
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
