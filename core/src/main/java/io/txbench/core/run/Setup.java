package io.txbench.core.run;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What a benchmark's setup did to the data: loaded it afresh, or grew what a previous setup left
 * ({@code grown}; {@code notGrown} says why a growth asked for loaded afresh instead, null
 * otherwise), how many rows the data holds after it ({@code rows}) and how many it added ({@code
 * addedRows}, as the load's progress counted them: equal to {@code rows} after a fresh load), and
 * how long it took ({@code took}, the lease and the checks included).
 */
public record Setup(
    boolean grown, @Nullable String notGrown, long rows, long addedRows, Duration took) {

  /** The data as a fresh load left it. */
  static Setup loaded(@Nullable String notGrown, long rows, Duration took) {
    return new Setup(false, notGrown, rows, rows, took);
  }

  /** The data of {@code previous} with {@code added} rows more. */
  static Setup grownFrom(Setup previous, long added, Duration took) {
    return new Setup(true, null, previous.rows() + added, added, took);
  }
}
