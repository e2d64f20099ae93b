package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.StopReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How a run's window closes. */
class RunControlTest {
  @Test
  void aRunEndedNowEndsAsAtItsDeadlineOnTheSamePaths() {
    RunControl control = new RunControl(new ForDuration(Duration.ofMinutes(5)));
    long start = System.nanoTime();
    control.open(start, null);
    assertFalse(control.pastDeadline(start));
    control.deadlineNow();
    long now = System.nanoTime();
    // The workers stop as at a deadline: no iteration starts, one ending now is after the window.
    assertTrue(control.pastDeadline(now));
    assertTrue(control.deadline() - now <= 0);
    assertTrue(control.afterWindow(now + 1));
    assertTrue(control.stopRequested());
    assertFalse(control.stoppedEarly());
    assertEquals(StopReason.DURATION_ELAPSED, control.stopReason());
  }

  @Test
  void aStopRequestClosesTheWindowEarlyAndLeavesTheDeadline() {
    RunControl control = new RunControl(new ForDuration(Duration.ofMinutes(5)));
    long start = System.nanoTime();
    control.open(start, null);
    control.requestStop(StopReason.INTERRUPTED);
    assertTrue(control.stoppedEarly());
    assertFalse(control.pastDeadline(System.nanoTime()));
    assertTrue(control.afterWindow(System.nanoTime() + 1));
  }
}
