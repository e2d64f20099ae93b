package io.txbench.core.spi;

import io.txbench.core.engine.Tally;
import io.txbench.core.engine.Worker;
import io.txbench.core.ownership.Lease;
import io.txbench.core.ownership.LeaseMode;
import io.txbench.core.ownership.LeaseRefusedException;

/**
 * The database code of one benchmark. The runner times and counts; a workload only does its work.
 *
 * @param <S> what one worker keeps from one iteration to the next: a connection and its prepared
 *     statements, say
 */
public interface Workload<S extends AutoCloseable> {

  /**
   * The operations an iteration may be, for a workload that mixes several (a YCSB mix): each is
   * timed and counted apart as well as in the totals. The iteration says which it is with {@link
   * Worker#operation(int)}, the index in this list. Empty (the default) for one kind of iteration.
   */
  default java.util.List<String> operations() {
    return java.util.List.of();
  }

  /** Creates the schema and loads the data this workload needs, showing progress. */
  void prepare(Progress progress) throws Exception;

  /**
   * Grows the data a prepare of the same workload left at a smaller size (the previous level of a
   * data-volume sweep) to this workload's size: adds only the rows it lacks, each table's new rows
   * generated from the seed and their first id (so that a grown table is the same for the same seed
   * and sizes), and keeps the rows there as they are. The record says the data is loading
   * meanwhile, so that a growth cut short is loaded afresh, never used; statistics are refreshed
   * after. Where the data cannot grow (another seed or shape, not loaded completely, rows deleted
   * or inserted since, a data set whose larger size is not the smaller one plus more rows), it
   * touches nothing and says why: the caller then {@link #prepare prepares} afresh.
   */
  default Growth grow(Progress progress) throws Exception {
    return Growth.refused(
        "its data at a larger size is not the data of a smaller size plus more rows, so each"
            + " level is loaded afresh");
  }

  /**
   * Checks that the data a previous prepare left is there (for {@code --skip-setup}) and reads what
   * the run needs from it, such as the number of rows; returns the kind's data options as txbench's
   * record says the data was loaded ({@code --table-size} as the rows each table holds), which the
   * run then records, and {@link OptionValues#defaults()} where the data has one shape only or the
   * workload checks its options itself.
   */
  OptionValues attach() throws Exception;

  /**
   * Takes a lease on the workload's tables: exclusive to prepare them, shared to run on them.
   * Another txbench in the way refuses it ({@link LeaseRefusedException}, naming the holder).
   */
  default Lease lease(LeaseMode mode) throws Exception {
    return Lease.none();
  }

  /** Takes whatever the verification compares against (counts before the run). */
  default void beforeRun() throws Exception {}

  /**
   * Opens a worker's session, on the worker's own thread, before the run's clock starts: what it
   * costs to connect and prepare statements is never measured. The crew closes it when it is done
   * with the worker.
   */
  S openSession(Worker worker) throws Exception;

  /**
   * One unit of work on one worker: one transaction, or one statement. It throws on failure, having
   * rolled back whatever it started. Its session reports every commit to {@link Worker#effects()},
   * so the runner knows what the server may hold of an iteration that fails.
   */
  void iteration(Worker worker, S session) throws Exception;

  /**
   * Checks the invariants after a run: what changed since {@link #beforeRun()} must be what the
   * tally says committed, give or take the iterations whose outcome is uncertain.
   */
  Verification verify(Tally tally) throws Exception;
}
