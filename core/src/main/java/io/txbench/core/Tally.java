package io.txbench.core;

/**
 * What the runner knows of a run's iterations, as verify needs it: {@code committed} are held by
 * the server for certain; {@code inDoubt} may be held or not (a commit whose reply was lost);
 * {@code partial} failed part-way without a transaction, with some of their steps held; {@code
 * unsettledBefore} are in-doubt iterations of an earlier run (a warm-up, say) that were still
 * waiting on the server when this run's baseline was taken, and may land during it.
 */
public record Tally(long committed, long inDoubt, long partial, long unsettledBefore) {

  /** A run whose every iteration either committed or was rolled back. */
  public static Tally exact(long committed) {
    return new Tally(committed, 0, 0, 0);
  }

  /** How many iterations may have left effects beyond the committed ones. */
  public long uncertain() {
    return inDoubt + partial + unsettledBefore;
  }

  /** The same tally with in-doubt iterations of earlier runs that may still land. */
  public Tally withUnsettledBefore(long unsettled) {
    return new Tally(committed, inDoubt, partial, unsettled);
  }
}
