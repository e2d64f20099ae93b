package io.txbench.core.spi;

import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;

/**
 * The database code of one benchmark. The runner times and counts; a workload only does its work.
 *
 * <p>Each method declares what it can throw: the driver's own checked exception {@code X} (a
 * binding over a driver whose exceptions are unchecked, as MongoDB's, binds {@link
 * RuntimeException}), and the SPI's exceptions where the method can meet them. {@code X} is a type
 * parameter, never a wrapper, because the driver's exception is what {@link Target#classify} and
 * the messages read: it reaches the engine as the driver threw it. {@link StoppedException} may
 * come from any step outside the measured run.
 *
 * @param <S> what one worker keeps from one iteration to the next: a connection and its prepared
 *     statements, say
 * @param <X> the driver's checked exception ({@code SQLException}), or {@link RuntimeException}
 */
public interface Workload<S extends AutoCloseable, X extends Exception> {

  /**
   * The operations an iteration may be, for a workload that mixes several (a YCSB mix): each is
   * timed and counted apart as well as in the totals. The iteration says which it is with {@link
   * Worker#operation(int)}, the index in this list. Empty (the default) for one kind of iteration.
   */
  default java.util.List<String> operations() {
    return java.util.List.of();
  }

  /**
   * The statements timed apart, each by file and line (a script's, as pgbench's {@code -r} times
   * them): the session records each execution of one in the worker's {@link Worker#statements()},
   * by its {@link io.txbench.core.spi.StatementId#index()}, the place in this list. Empty (the
   * default) for a workload that times none.
   */
  default java.util.List<io.txbench.core.spi.StatementId> timedStatements() {
    return java.util.List.of();
  }

  /**
   * Creates the schema and loads the data this workload needs, showing progress; {@link
   * SetupException} when what is in the way is not txbench's.
   */
  void prepare(Progress progress) throws SetupException, InterruptedException, X;

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
  default Growth grow(Progress progress) throws SetupException, InterruptedException, X {
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
  OptionValues attach() throws SetupException, X;

  /**
   * Takes a lease on the workload's tables: exclusive to prepare them, shared to run on them.
   * Another txbench in the way refuses it ({@link LeaseRefusedException}, naming the holder).
   */
  default Lease lease(LeaseMode mode) throws SetupException, X {
    return Lease.none();
  }

  /** Takes whatever the verification compares against (counts before the run). */
  default void beforeRun() throws X {}

  /**
   * Opens a worker's session, on the worker's own thread, before the run's clock starts: what it
   * costs to connect and prepare statements is never measured. The crew closes it when it is done
   * with the worker.
   */
  S openSession(Worker worker) throws X;

  /**
   * Has the server publish at once what {@code session} did so far, where it keeps a session's
   * counts back a while (PostgreSQL 15 and later publish a busy session's statistics up to 10 s
   * after it goes idle), so that the commit cross-check need not wait for them. The engine calls it
   * on the worker's thread at the session's quiet moments: once it is open, and when its worker
   * stops (after a warm-up, after a run). Nothing by default.
   */
  default void publishCounts(S session) throws X {}

  /**
   * One unit of work on one worker: one transaction, or one statement. It throws on failure, having
   * rolled back whatever it started. Its session reports every commit to {@link Worker#effects()},
   * so the runner knows what the server may hold of an iteration that fails. Beside {@code X},
   * which the engine classifies ({@link Target#classify}), it throws the outcomes the engine counts
   * apart: {@link DeclinedException}, {@link AbandonedException}, and {@link InterruptedException}
   * when a stop interrupts a wait.
   */
  void iteration(Worker worker, S session)
      throws DeclinedException, AbandonedException, InterruptedException, X;

  /**
   * Checks the invariants after a run: what changed since {@link #beforeRun()} must be what the
   * tally says committed, give or take the iterations whose outcome is uncertain.
   */
  Verification verify(Tally tally) throws X;
}
