package io.txbench.core.spi;

import java.util.SplittableRandom;

/**
 * What one worker owns: its number, a random generator nobody else touches (seeded from {@code
 * --seed} at the start of every run, so that a worker's choices repeat from run to run), and the
 * record of what the server may hold of its iteration in progress.
 */
public final class Worker {
  private final int index;
  private final int workers;
  private final Effects effects = new Effects();
  private final QueryCounter queries = new QueryCounter();
  private final StatementLog statements = new StatementLog();
  private SplittableRandom random;
  private int operation = -1;

  /** Worker {@code index} of a crew of {@code workers}. */
  public Worker(int index, int workers, long seed) {
    this.index = index;
    this.workers = workers;
    reseed(seed);
  }

  /** Starts the worker's random choices from {@code seed}, as at the start of a run. */
  public void reseed(long seed) {
    random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
  }

  public int index() {
    return index;
  }

  /** How many workers the crew has at most (the largest parallelism of a sweep). */
  public int workers() {
    return workers;
  }

  public SplittableRandom random() {
    return random;
  }

  /** Where the worker's session counts the statements of the iteration in progress. */
  public QueryCounter queries() {
    return queries;
  }

  /** Where the worker's session records the timed statements of the iteration in progress. */
  public StatementLog statements() {
    return statements;
  }

  /**
   * Says which of the workload's {@link Workload#operations()} the iteration in progress is (its
   * index), so that it is recorded apart as well as in the totals.
   */
  public void operation(int index) {
    operation = index;
  }

  /** The operation the iteration that just ended said it was, or -1; forgets it. */
  public int takeOperation() {
    int op = operation;
    operation = -1;
    return op;
  }

  /** Where the worker's session reports the commits of the iteration in progress. */
  public Effects effects() {
    return effects;
  }
}
