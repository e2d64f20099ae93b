package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BackoffTest {
  private final Backoff backoff = new Backoff(Duration.ofMillis(2), Duration.ofSeconds(1));

  @Test
  void theCeilingDoublesUpToTheMaximum() {
    assertEquals(2_000_000, backoff.ceilingNanos(0));
    assertEquals(4_000_000, backoff.ceilingNanos(1));
    assertEquals(512_000_000, backoff.ceilingNanos(8));
    assertEquals(1_000_000_000, backoff.ceilingNanos(9));
    assertEquals(1_000_000_000, backoff.ceilingNanos(200));
  }

  @Test
  void delaysAreJitteredBetweenZeroAndTheCeiling() {
    SplittableRandom random = new SplittableRandom(7);
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int i = 0; i < 10_000; i++) {
      long d = backoff.delayNanos(3, random);
      assertTrue(d >= 0 && d <= 16_000_000, "delay " + d);
      min = Math.min(min, d);
      max = Math.max(max, d);
    }
    assertTrue(min < 1_000_000 && max > 15_000_000, "spread " + min + ".." + max);
  }
}
