package io.txbench.core.spi;

/**
 * Prepare cannot go on without touching what is not the tool's, or {@code --skip-setup} found no
 * data: the message says which object and what to do.
 */
public class SetupException extends Exception {
  private static final long serialVersionUID = 1L;

  public SetupException(String message) {
    super(message);
  }

  public SetupException(String message, Throwable cause) {
    super(message, cause);
  }
}
