package io.txbench.core.spi;

/**
 * A stop was asked for (Ctrl-C, SIGTERM) while a step outside the measured run was under way, a
 * load say: the step gave up where it was, and what it left behind is marked incomplete.
 */
public final class StoppedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StoppedException() {
    super("stopped on request");
  }
}
