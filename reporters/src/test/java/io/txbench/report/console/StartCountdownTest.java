package io.txbench.report.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The wait for --start-at on the console, and a client too late for it on the errors' stream. */
class StartCountdownTest {
  private static final Instant AT = Instant.parse("2026-11-28T10:15:00Z");
  private final ByteArrayOutputStream console = new ByteArrayOutputStream();
  private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

  private static PrintStream stream(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private static String said(ByteArrayOutputStream bytes) {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theWaitIsSaidOnTheConsoleAndLatenessOnTheErrorsStream() {
    StartCountdown countdown = new StartCountdown(stream(console), stream(errors));
    countdown.waitingForStart(AT, Duration.ofMillis(277_400));
    countdown.startingLate(AT, Duration.ofMillis(3_240));
    assertEquals(
        "Waiting for the start at 2026-11-28T10:15:00Z (--start-at): 4 min 37 s to go, every"
            + " session open.\n",
        said(console));
    assertEquals(
        "WARNING: ready 3.2 s after the start at 2026-11-28T10:15:00Z (--start-at): the load"
            + " starts now, late, and this run's window overlaps those of the clients that"
            + " started on time that much less.\n",
        said(errors));
  }

  @Test
  void withoutAnErrorsStreamLatenessIsSaidOnTheConsoleAndWithoutEitherNothing() {
    new StartCountdown(stream(console), null).startingLate(AT, Duration.ofSeconds(2));
    assertTrue(said(console).startsWith("WARNING: ready 2.0 s after the start"), said(console));
    StartCountdown silent = new StartCountdown(null, null);
    silent.waitingForStart(AT, Duration.ofSeconds(5));
    silent.startingLate(AT, Duration.ofSeconds(5));
  }
}
