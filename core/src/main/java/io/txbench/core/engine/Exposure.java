package io.txbench.core.engine;

/** What the server may hold of an iteration that did not commit. */
enum Exposure {
  /** Nothing: it was rolled back, or never sent. */
  NONE,
  /** Some of its steps, each committed on its own (an iteration without a transaction). */
  PARTIAL,
  /** Unknown: a commit was sent and no reply came, or the runner gave up waiting for one. */
  UNKNOWN
}
