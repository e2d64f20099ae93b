package io.txbench.core.spi;

import org.jspecify.annotations.Nullable;

/** The target could not be reached, refused the login, or could not be prepared. */
public class TargetUnavailableException extends Exception {
  private static final long serialVersionUID = 1L;

  public TargetUnavailableException(@Nullable String message, Throwable cause) {
    super(message, cause);
  }

  public TargetUnavailableException(String message) {
    super(message);
  }
}
