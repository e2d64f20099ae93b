package io.txbench.core;

/**
 * The database code of one benchmark. The runner times and counts; a workload only does its work.
 */
public interface Workload {

  /** Creates the schema and loads the data this workload needs, showing progress. */
  void prepare(Progress progress) throws Exception;

  /**
   * Checks that the data a previous prepare left is there (for {@code --skip-setup}) and reads what
   * the run needs from it, such as the number of rows.
   */
  void attach() throws Exception;

  /** Takes whatever the verification compares against (row counts before the run). */
  default void beforeRun() throws Exception {}

  /**
   * One unit of work on one worker: one transaction, or one statement. It throws on failure, having
   * rolled back whatever it started.
   */
  void iteration(Worker worker) throws Exception;

  /** Checks the invariants after a run in which {@code committed} iterations succeeded. */
  Verification verify(long committed) throws Exception;
}
