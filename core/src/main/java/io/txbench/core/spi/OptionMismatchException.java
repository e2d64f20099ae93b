package io.txbench.core.spi;

/**
 * {@code --skip-setup} with an option that asks for other data than is loaded ({@code --table-size
 * 5000} on 1,000 rows): the user's options are wrong for the target, so nothing runs.
 */
public final class OptionMismatchException extends SetupException {
  private static final long serialVersionUID = 1L;

  public OptionMismatchException(String message) {
    super(message);
  }
}
