package io.txbench.report.console;

import io.txbench.core.engine.StartGate;
import io.txbench.core.settings.StartTimes;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The wait for {@code --start-at} on the console, said now and then, or it looks like a hang; and a
 * client ready too late for it, on {@code errors} (else the console): its window overlaps those of
 * the clients that started on time that much less. Either stream may be null: nothing is said
 * there.
 */
public record StartCountdown(@Nullable PrintStream console, @Nullable PrintStream errors)
    implements StartGate.Watcher {
  @Override
  public void waitingForStart(Instant at, Duration left) {
    if (console != null) {
      console.println(
          "Waiting for the start at "
              + at
              + " (--start-at): "
              + StartTimes.words(left)
              + " to go, every session open.");
      console.flush();
    }
  }

  @Override
  public void startingLate(Instant at, Duration late) {
    PrintStream shown = errors != null ? errors : console;
    if (shown != null) {
      shown.println(
          String.format(
              Locale.US,
              "WARNING: ready %.1f s after the start at %s (--start-at): the load starts now, late,"
                  + " and this run's window overlaps those of the clients that started on time"
                  + " that much less.",
              late.toMillis() / 1000.0,
              at));
    }
  }
}
