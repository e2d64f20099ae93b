package io.txbench.core.spi;

import java.util.Map;

/**
 * What the runner knows of a run's iterations, as verify needs it: {@code completed} ended cleanly
 * (committed, or declined); {@code declined} of them ended with a business outcome that wrote
 * nothing (a sold-out flight), so the server holds the work of the other {@link #applied()} for
 * certain; {@code inDoubt} may be held or not (a commit whose reply was lost); {@code partial}
 * failed part-way without a transaction, with some of their steps held; {@code unsettledBefore} are
 * in-doubt iterations of an earlier run (a warm-up, say) that were still waiting on the server when
 * this run's baseline was taken, and may land during it. {@code operations} holds each operation's
 * own tally when a mix's iterations are told apart ({@link Workload#operations()}).
 */
public record Tally(
    long completed,
    long declined,
    long inDoubt,
    long partial,
    long unsettledBefore,
    Map<String, Tally> operations) {

  public Tally {
    operations = Map.copyOf(operations);
  }

  /** The tally of a run whose iterations are not told apart by operation. */
  public Tally(long completed, long declined, long inDoubt, long partial, long unsettledBefore) {
    this(completed, declined, inDoubt, partial, unsettledBefore, Map.of());
  }

  /**
   * The tally of one operation of a mix: its own iterations, with every uncertain iteration of the
   * run that is not told apart (in doubt from an earlier run, abandoned at the end) counted as its
   * own, since it may have been one; an operation that never ran has an empty tally.
   */
  public Tally of(String operation) {
    Tally own = operations.get(operation);
    long untold = uncertain() - operationsUncertain();
    if (own == null) {
      return new Tally(0, 0, 0, 0, untold);
    }
    return new Tally(own.completed, own.declined, own.inDoubt, own.partial, untold);
  }

  private long operationsUncertain() {
    return operations.values().stream().mapToLong(Tally::uncertain).sum();
  }

  /** The iterations whose work the server holds for certain: committed and not declined. */
  public long applied() {
    return completed - declined;
  }

  /** How many iterations may have left effects beyond the committed ones. */
  public long uncertain() {
    return inDoubt + partial + unsettledBefore;
  }

  /** The same tally with in-doubt iterations of earlier runs that may still land. */
  public Tally withUnsettledBefore(long unsettled) {
    return new Tally(completed, declined, inDoubt, partial, unsettled, operations);
  }
}
