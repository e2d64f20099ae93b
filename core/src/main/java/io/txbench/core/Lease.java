package io.txbench.core;

/**
 * A lease on a workload's tables, kept alive by a heartbeat until it is closed; a process that dies
 * leaves one that expires when its heartbeat stops.
 */
public interface Lease extends AutoCloseable {

  /** Turns an exclusive lease into a shared one, with no moment without either. */
  void share() throws Exception;

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
