package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reporting period a run gets when none is asked for. */
class RunLengthTest {

  @ParameterizedTest
  @CsvSource({
    "PT1S,PT0.5S", // shorter than 20 of the shortest period: the shortest
    "PT3S,PT0.5S", // not 30 lines of 0.1 s, which a loaded machine stretched to 0.3-0.9 s
    "PT5S,PT0.5S",
    "PT10S,PT0.5S",
    "PT15S,PT0.5S",
    "PT20S,PT1S",
    "PT30S,PT1S", // the default duration: 30 periods, where 10 s gave 3
    "PT1M,PT2S",
    "PT2M,PT5S",
    "PT3M19S,PT5S",
    "PT3M20S,PT10S",
    "PT1H,PT10S",
  })
  void aTimedRunGetsTheLongestPeriodThatLeavesItTwentyOfThem(Duration run, Duration period) {
    Duration chosen = new ForDuration(run).metricsPeriod(null);
    assertEquals(period, chosen);
    if (run.compareTo(Duration.ofSeconds(10)) >= 0) {
      assertTrue(run.dividedBy(chosen) >= 20, run + " gets only " + run.dividedBy(chosen));
    }
  }

  @ParameterizedTest
  @CsvSource({
    "PT3S,PT1S", // a third: a 3 s run took 38 s with a warm-up of 10
    "PT12S,PT4S",
    "PT30S,PT10S", // the default duration: the JVM's 10 s of compiling
    "PT1H,PT10S",
    "PT2S,PT0.666S", // to the millisecond
  })
  void aTimedRunIsWarmedUpTenSecondsAtMostAThirdOfItself(Duration run, Duration warmUp) {
    assertEquals(warmUp, new ForDuration(run).defaultWarmup());
    assertEquals(warmUp.multipliedBy(3), new ForDuration(run).longestDefaultWarmup());
  }

  @Test
  void aCountOfIterationsIsNotWarmedUp() {
    assertEquals(Duration.ZERO, new ForIterations(1000).defaultWarmup());
  }

  @Test
  void aCountOfIterationsGetsOneSecond() {
    assertEquals(Duration.ofSeconds(1), new ForIterations(1000).metricsPeriod(null));
  }

  @Test
  void aPeriodAskedForIsKept() {
    Duration asked = Duration.ofMillis(300);
    assertEquals(asked, new ForDuration(Duration.ofHours(1)).metricsPeriod(asked));
    assertEquals(asked, new ForIterations(5).metricsPeriod(asked));
  }
}
