package io.txbench.core;

/** Failures in words, on one line: drivers wrap the error that tells, so its root is added. */
public final class Causes {
  private Causes() {}

  /** The exception's message, with its root cause's when that says something more. */
  public static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = String.valueOf(e.getMessage());
    if (root != e && root.getMessage() != null && !message.contains(root.getMessage())) {
      message = message + " (" + root.getMessage() + ")";
    }
    return message.replace('\n', ' ');
  }
}
