package io.txbench.api.run;

import org.jspecify.annotations.Nullable;

/**
 * What stops a sweep from outside, as a signal does the command line's; unless told otherwise, none
 * comes.
 */
public interface Signals {
  /** Signals that come stop {@code stopStep}, the step under way, and what would follow. */
  default void watch(Runnable stopStep) {}

  /** A signal that finds the process not done in time closes {@code resource} (null: none). */
  default void closeOnTimeout(@Nullable AutoCloseable resource) {}
}
