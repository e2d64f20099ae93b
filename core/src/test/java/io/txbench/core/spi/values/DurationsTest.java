package io.txbench.core.spi.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Durations read as people write them, and written back so that they read the same. */
class DurationsTest {
  @Test
  void readsIsoAndEveryShortUnitWithSecondsByDefault() {
    assertEquals(Duration.ofMinutes(2), Durations.parse("PT120S"));
    assertEquals(Duration.ofMinutes(2), Durations.parse(" pt2m "));
    assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
    assertEquals(Duration.ofMinutes(2), Durations.parse("120s"));
    assertEquals(Duration.ofMinutes(2), Durations.parse("120"));
    assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
    assertEquals(Duration.ofHours(3), Durations.parse("3H"));
    assertEquals(Duration.ofDays(1), Durations.parse("1d"));
    assertEquals(Duration.ofMillis(1500), Durations.parse("1.5 s"));
    assertEquals(Duration.ofNanos(1_500_000), Durations.parse("1.5ms"));
  }

  private static String refusal(String text) {
    return String.valueOf(
        assertThrows(IllegalArgumentException.class, () -> Durations.parse(text)).getMessage());
  }

  @Test
  void refusesTextThatIsNoDurationAndNegativeOnesInWords() {
    String words = " is not a duration: use ISO-8601 (PT120S) or a number with a unit";
    assertEquals("'soon'" + words + " (500ms, 120s, 2m, 1h, 1d)", refusal("soon"));
    assertEquals("'PTxS'" + words + " (500ms, 120s, 2m, 1h, 1d)", refusal("PTxS"));
    assertEquals("'-PT5S' is negative", refusal("-PT5S"));
    assertEquals("'-5s'" + words + " (500ms, 120s, 2m, 1h, 1d)", refusal("-5s"));
    assertEquals("'5w'" + words + " (500ms, 120s, 2m, 1h, 1d)", refusal("5w"));
  }

  @Test
  void writesEachDurationInItsLargestWholeUnit() {
    assertEquals("0", Durations.text(Duration.ZERO));
    assertEquals("100ms", Durations.text(Duration.ofMillis(100)));
    assertEquals("999ms", Durations.text(Duration.ofMillis(999)));
    assertEquals("1s", Durations.text(Duration.ofSeconds(1)));
    assertEquals("1500ms", Durations.text(Duration.ofMillis(1500)));
    assertEquals("PT0.0000015S", Durations.text(Duration.ofNanos(1500)));
    assertEquals("90s", Durations.text(Duration.ofSeconds(90)));
    assertEquals("2m", Durations.text(Duration.ofMinutes(2)));
    assertEquals("1h", Durations.text(Duration.ofHours(1)));
    assertEquals("24h", Durations.text(Duration.ofDays(1)));
    assertEquals("2d", Durations.text(Duration.ofDays(2)));
    assertEquals("25h", Durations.text(Duration.ofHours(25)));
  }

  @Test
  void whatItWritesItReadsBack() {
    for (Duration d :
        new Duration[] {
          Duration.ZERO,
          Duration.ofMillis(250),
          Duration.ofSeconds(45),
          Duration.ofMinutes(90),
          Duration.ofDays(30),
          Duration.ofNanos(7)
        }) {
      assertEquals(d, Durations.parse(Durations.text(d)), Durations.text(d));
    }
  }
}
