package io.txbench.core.engine;

import io.txbench.core.spi.Queries;

/**
 * One worker's count of the statements of its iteration in progress ({@link Queries}): the session
 * that sends them (SQL's, MongoDB's) adds to it, so that no workload can forget to, and the runner
 * moves the counts into the run's metrics when the iteration ends, whatever its outcome (sysbench
 * counts the queries of failed transactions too). Owned by one worker thread.
 */
public final class QueryCounter {
  private int reads;
  private int writes;
  private int others;

  /** One read statement: a SELECT, a find, a count or an aggregation. */
  public void read() {
    reads++;
  }

  /** One write statement: an INSERT, an UPDATE or a DELETE. */
  public void write() {
    writes++;
  }

  /** One other statement: a transaction's BEGIN or COMMIT. */
  public void other() {
    others++;
  }

  /** Moves the counts into {@code metrics}, and starts again from zero. */
  void drainTo(Metrics metrics) {
    if (reads + writes + others > 0) {
      metrics.recordQueries(reads, writes, others);
      reads = 0;
      writes = 0;
      others = 0;
    }
  }
}
