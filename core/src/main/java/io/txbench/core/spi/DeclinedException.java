package io.txbench.core.spi;

/**
 * The iteration ended with a business outcome that is neither work committed nor an error: the
 * workload declined the request, as a booking system declines a ticket on a sold-out flight. It
 * wrote nothing (a workload declines before its first write, and its transaction is rolled back),
 * it is not retried, and it counts as an iteration and as declined. Verify expects no effects from
 * it.
 */
public final class DeclinedException extends Exception {
  private static final long serialVersionUID = 1L;

  /** {@code why} says what the request met, e.g. "flight 12 on 2026-03-01 is sold out". */
  public DeclinedException(String why) {
    super(why, null, false, false); // an outcome, not a fault: no stack trace to fill
  }
}
