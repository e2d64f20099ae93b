package io.txbench.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** --start-at as it is read and checked, against a clock that says 2026-11-28T10:00:00Z. */
class StartTimesTest {
  private static final Clock TEN =
      Clock.fixed(Instant.parse("2026-11-28T10:00:00Z"), ZoneOffset.UTC);

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "2026-11-28T10:15:00Z|2026-11-28T10:15:00Z",
        "2026-11-28T10:15:00.250Z|2026-11-28T10:15:00.250Z",
        "2026-11-28T11:15:00+01:00|2026-11-28T10:15:00Z",
        " 2026-11-28T10:15Z |2026-11-28T10:15:00Z",
        // Up to 5 s past is a client a little late, not a mistake: it starts at once.
        "2026-11-28T09:59:55Z|2026-11-28T09:59:55Z",
        "2026-11-29T10:00:00Z|2026-11-29T10:00:00Z",
        // A time of day is its next occurrence: today's while to come, else tomorrow's.
        "10:15:00Z|2026-11-28T10:15:00Z",
        "10:15Z|2026-11-28T10:15:00Z",
        "11:15:00+01:00|2026-11-28T10:15:00Z",
        "09:59:57Z|2026-11-28T09:59:57Z",
        "09:59:50Z|2026-11-29T09:59:50Z",
        "00:30:00-05:00|2026-11-29T05:30:00Z",
      })
  void readsAnInstantOrTheNextOccurrenceOfATimeOfDay(String text, String expected) {
    assertEquals(Instant.parse(expected), StartTimes.parse(text, TEN));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "tomorrow|'tomorrow' is not a time: give a UTC instant (2026-11-28T10:15:00Z) or a time of"
            + " day (10:15:00Z, its next occurrence)",
        "2026-11-28|'2026-11-28' is not a time",
        "1764324900|'1764324900' is not a time",
        "2026-11-28T10:15:00|'2026-11-28T10:15:00' has no zone, and every client would read it in"
            + " its own: add Z for UTC (2026-11-28T10:15:00Z) or an offset (+01:00)",
        "10:15:00|'10:15:00' has no zone",
        "2026-11-28T09:59:54Z|2026-11-28T09:59:54Z was 6 s ago: give a time to come, late enough"
            + " for every client to have set up by then",
        "2026-11-28T08:57:00Z|2026-11-28T08:57:00Z was 1 h 3 min ago",
        "2026-11-29T10:00:01Z|2026-11-29T10:00:01Z is 1 d ahead, more than 24 h: is its date"
            + " right?",
        "2027-11-28T10:15:00Z|2027-11-28T10:15:00Z is 365 d ahead",
      })
  void refusesWhatIsNoTimeHasNoZoneOrIsOutOfRangeInOneLine(String text, String message) {
    String said =
        String.valueOf(
            assertThrows(IllegalArgumentException.class, () -> StartTimes.parse(text, TEN))
                .getMessage());
    assertEquals(1, said.lines().count(), said);
    assertTrue(said.startsWith(message), said + "\nis not\n" + message);
  }

  @ParameterizedTest
  @CsvSource({
    "0,0 s",
    "42400,42 s",
    "60000,1 min",
    "277000,4 min 37 s",
    "11520000,3 h 12 min",
    "183600000,2 d 3 h",
    "86400000,1 d",
    "86399000,1 d",
    "172799300,2 d",
    "3599700,1 h",
    "7229000,2 h"
  })
  void saysAWaitToTheSecond(long millis, String words) {
    assertEquals(words, StartTimes.words(Duration.ofMillis(millis)));
  }
}
