package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the types of a run's length and pacing accept, and when an open loop skips. */
class PacingTest {

  @Test
  void anOpenLoopWithoutAMaximumLagStartsEveryIterationHoweverLate() {
    assertFalse(new OpenLoop(10, Arrivals.UNIFORM, Optional.empty()).tooLate(Long.MAX_VALUE));
  }

  @Test
  void anOpenLoopSkipsOnlyWhatIsLaterThanItsMaximumLag() {
    OpenLoop pacing = new OpenLoop(10, Arrivals.POISSON, Optional.of(Duration.ofMillis(5)));
    assertFalse(pacing.tooLate(Duration.ofMillis(5).toNanos()));
    assertTrue(pacing.tooLate(Duration.ofMillis(5).toNanos() + 1));
  }

  @Test
  void valuesThatUsedToMeanSomethingElseAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> new OpenLoop(0, Arrivals.UNIFORM, Optional.empty()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new OpenLoop(1, Arrivals.UNIFORM, Optional.of(Duration.ZERO)));
    assertThrows(IllegalArgumentException.class, () -> new ForIterations(0));
    // No length at all, as a caller outside the packages whose nullness is checked may give.
    InvocationTargetException noLength =
        assertThrows(
            InvocationTargetException.class,
            () -> ForDuration.class.getConstructor(Duration.class).newInstance((Object) null));
    assertInstanceOf(IllegalArgumentException.class, noLength.getCause());
  }

  @Test
  void aWarmUpIsTimedWhateverEndsTheMeasuredRun() {
    RunOptions counted =
        new RunOptions(
            2,
            new ForIterations(100),
            Duration.ofSeconds(1),
            0,
            5,
            1,
            Backoff.defaults(),
            new OpenLoop(10, Arrivals.UNIFORM, Optional.empty()));
    RunOptions warmup = counted.warmup(Duration.ofSeconds(3));
    assertTrue(
        warmup.length() instanceof ForDuration timed
            && timed.length().equals(Duration.ofSeconds(3)));
    assertTrue(warmup.openLoop());
  }
}
