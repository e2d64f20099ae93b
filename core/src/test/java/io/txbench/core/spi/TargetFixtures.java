package io.txbench.core.spi;

import io.txbench.core.spi.values.Secret;
import java.time.Duration;

/** The options of a test's target named by its URL alone: no host, port, name, user or password. */
public final class TargetFixtures {
  private TargetFixtures() {}

  /**
   * The server at {@code url}, through {@code connections} connections kept (and at most as many),
   * waiting {@code wait} for one, with {@code values} of the target's own options.
   */
  public static TargetOptions at(String url, int connections, Duration wait, OptionValues values) {
    return new TargetOptions(
        null,
        0,
        null,
        null,
        Secret.none(),
        url,
        connections,
        connections,
        wait,
        Duration.ofMinutes(10),
        values);
  }
}
