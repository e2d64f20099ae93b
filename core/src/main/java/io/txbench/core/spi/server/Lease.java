package io.txbench.core.spi.server;

/**
 * A lease on a workload's tables, kept alive by a heartbeat until it is closed; a process that dies
 * leaves one that expires when its heartbeat stops.
 */
public interface Lease extends AutoCloseable {

  /** Turns an exclusive lease into a shared one, with no moment without either. */
  void share() throws Exception;

  /**
   * The heartbeats sent so far: {@code answered}, and {@code unanswered} (they failed, and may or
   * may not have landed).
   */
  record Beats(long answered, long unanswered) {}

  /** The heartbeats sent so far; none for a lease without a heartbeat. */
  default Beats beats() {
    return new Beats(0, 0);
  }

  /**
   * Runs {@code action} with no heartbeat under way or starting meanwhile: one due waits for it to
   * end (the commit cross-check reads the server's count between two heartbeats).
   */
  default <T> T betweenBeats(java.util.concurrent.Callable<T> action) throws Exception {
    return action.call();
  }

  /** Gives the lease up; never throws. */
  @Override
  void close();

  /** A lease that guards nothing, for targets and tests without tables to guard. */
  static Lease none() {
    return new Lease() {
      @Override
      public void share() {}

      @Override
      public void close() {}
    };
  }
}
