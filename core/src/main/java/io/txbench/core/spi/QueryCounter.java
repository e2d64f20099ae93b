package io.txbench.core.spi;

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

  /** Where the engine moves the counts at the end of each iteration. */
  @FunctionalInterface
  public interface Sink {
    void recordQueries(long reads, long writes, long others);
  }

  /** Moves the counts into {@code sink}, and starts again from zero (the engine's). */
  public void drainTo(Sink sink) {
    if (reads + writes + others > 0) {
      sink.recordQueries(reads, writes, others);
      reads = 0;
      writes = 0;
      others = 0;
    }
  }
}
