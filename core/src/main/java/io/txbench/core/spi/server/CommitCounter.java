package io.txbench.core.spi.server;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The server's own count of committed transactions, which the commit cross-check compares with
 * txbench's count over a measured run (the commit cross-check).
 *
 * @param <X> the driver's checked exception, as in {@code Workload}
 */
public interface CommitCounter<X extends Exception> {

  /** The counter as the server names it: {@code xact_commit}, {@code Com_commit}... */
  String name();

  /**
   * Why txbench's count cannot be compared with it for a run whose iterations are ({@code
   * transactions}) or are not transactions, in words; empty when it can.
   */
  Optional<String> inapplicable(boolean transactions);

  /**
   * Waits, with {@code pause} (false when a stop came), until the counter holds every commit made
   * so far, and reads it. Called when none of txbench's sessions runs anything.
   */
  CommitReading settle(Predicate<Duration> pause) throws X;

  /**
   * Whether the statements that set up a new session (SET ...) commit in its count only with the
   * session's first transaction (PostgreSQL publishes a transaction that touched no table with the
   * next one that did): a session opened for a run, which ran nothing before it, then adds a few.
   */
  default boolean countsSessionSetUpLate() {
    return false;
  }

  /** The commits one heartbeat of txbench's lease makes on the server. */
  int commitsPerHeartbeat();

  /**
   * Whether a statement run outside any transaction, which the server commits on its own, counts as
   * a commit, a query's too (PostgreSQL's {@code xact_commit}: each is a transaction of its own);
   * false where only a transaction's COMMIT does (MySQL's {@code Com_commit}, MongoDB's committed
   * transactions).
   */
  default boolean countsStatementsOutsideTransactions() {
    return false;
  }
}
