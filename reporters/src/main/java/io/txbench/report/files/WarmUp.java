package io.txbench.report.files;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The unmeasured warm-up a run had: its {@code length} ({@link Duration#ZERO} for none), and, when
 * it went on until the client had settled, how that ended ({@code verdict}; null for a warm-up of
 * fixed length).
 */
public record WarmUp(Duration length, @Nullable String verdict) {

  /** A warm-up of fixed length. */
  public static WarmUp fixed(Duration length) {
    return new WarmUp(length, null);
  }
}
