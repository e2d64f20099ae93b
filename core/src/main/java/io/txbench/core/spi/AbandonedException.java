package io.txbench.core.spi;

/**
 * The runner gave up on the iteration in hand: it was still running when the run's grace period
 * ended, and its outcome has been counted already. Nothing more of it may reach the server, so a
 * session throws this instead of sending a commit.
 */
public final class AbandonedException extends Exception {
  private static final long serialVersionUID = 1L;

  public AbandonedException() {
    super("the run ended and gave up on this iteration: nothing more of it is sent");
  }
}
