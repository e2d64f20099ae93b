package io.txbench.core;

/** A database under test: its client (a pool or a driver client) and what it knows of errors. */
public interface Target extends AutoCloseable {

  /** The product and version the server reports, e.g. {@code PostgreSQL 17.2}. */
  String serverVersion();

  /** Says whether an exception thrown by an iteration is worth retrying, and its class. */
  Failure classify(Throwable error);

  /** Closes the client; never throws. */
  @Override
  void close();
}
