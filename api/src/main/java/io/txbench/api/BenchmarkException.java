package io.txbench.api;

import org.jspecify.annotations.Nullable;

/**
 * A benchmark that could not run or finish: the server could not be reached, refused the load, or
 * was lost before anything was measured. The message is one line that says where and why.
 */
public final class BenchmarkException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BenchmarkException(@Nullable String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
