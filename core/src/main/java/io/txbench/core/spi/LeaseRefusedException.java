package io.txbench.core.spi;

/** Another txbench holds a lease on the tables this one would change or use. */
public final class LeaseRefusedException extends SetupException {
  private static final long serialVersionUID = 1L;

  public LeaseRefusedException(String message) {
    super(message);
  }
}
