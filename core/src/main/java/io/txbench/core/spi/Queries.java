package io.txbench.core.spi;

/**
 * Statements counted as sysbench counts its queries: reads (SELECT, find, count, aggregate), writes
 * (INSERT, UPDATE, DELETE) and others (BEGIN, COMMIT). Only workloads that run more than one
 * statement per iteration count them; the others leave them at zero.
 */
public record Queries(long reads, long writes, long others) {
  public static final Queries NONE = new Queries(0, 0, 0);

  public long total() {
    return reads + writes + others;
  }

  /** Whether any statement was counted. */
  public boolean any() {
    return total() > 0;
  }

  /** What these counts grew by since {@code earlier}. */
  public Queries minus(Queries earlier) {
    return new Queries(reads - earlier.reads, writes - earlier.writes, others - earlier.others);
  }
}
