package io.txbench.core;

/**
 * A target's verdict on an exception: its class, and whether running the iteration again may
 * succeed.
 */
public record Failure(ErrorClass errorClass, boolean retryable) {

  public static Failure retryable(ErrorClass errorClass) {
    return new Failure(errorClass, true);
  }

  public static Failure fatal(ErrorClass errorClass) {
    return new Failure(errorClass, false);
  }
}
