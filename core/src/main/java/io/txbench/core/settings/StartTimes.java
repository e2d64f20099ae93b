package io.txbench.core.settings;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The start time of the runs of several clients ({@code --start-at}, the Java API's {@code
 * startAt}): read from an ISO-8601 instant ({@code 2026-11-28T10:15:00Z}, or with an offset) or a
 * time of day with its zone ({@code 10:15:00Z}: its next occurrence), and checked against the
 * clock. A time without a zone is refused: each client's machine would read it in its own zone.
 */
public final class StartTimes {
  /**
   * How far in the past a start time may be when given: the clock skew between the machine that
   * chose it and this one, or a launch a second late. Such a client starts at once, late, and says
   * so; a time further past is a mistake (a command line run again, a local time written as UTC),
   * refused before anything connects.
   */
  public static final Duration PAST = Duration.ofSeconds(5);

  /** The furthest ahead a start time may be: further is most likely a typo in the date. */
  public static final Duration AHEAD = Duration.ofHours(24);

  private StartTimes() {}

  /**
   * The instant {@code text} names: an instant, or the next occurrence of a time of day after
   * {@link #PAST} ago by {@code clock}; checked as {@link #check} does.
   *
   * @throws IllegalArgumentException in one line, for text that is no time, has no zone, or is out
   *     of range
   */
  public static Instant parse(String text, Clock clock) {
    String t = text.strip();
    Instant at;
    try {
      at = OffsetDateTime.parse(t).toInstant();
    } catch (DateTimeParseException notAnInstant) {
      at = nextTimeOfDay(t, clock);
    }
    return check(at, clock);
  }

  /**
   * {@code at}, if it lies between {@link #PAST} ago and {@link #AHEAD} from now by {@code clock}.
   *
   * @throws IllegalArgumentException in one line, naming the time and how far it is
   */
  public static Instant check(Instant at, Clock clock) {
    Duration ahead = Duration.between(clock.instant(), at);
    if (ahead.compareTo(PAST.negated()) < 0) {
      throw new IllegalArgumentException(
          at
              + " was "
              + words(ahead.negated())
              + " ago: give a time to come, late enough for every client to have set up by"
              + " then");
    }
    if (ahead.compareTo(AHEAD) > 0) {
      throw new IllegalArgumentException(
          at + " is " + words(ahead) + " ahead, more than 24 h: is its date right?");
    }
    return at;
  }

  /**
   * The next occurrence of the time of day {@code text} (with its zone), from {@link #PAST} ago.
   */
  private static Instant nextTimeOfDay(String text, Clock clock) {
    OffsetTime time;
    try {
      time = OffsetTime.parse(text);
    } catch (DateTimeParseException notATime) {
      throw new IllegalArgumentException(withoutZone(text) ? noZone(text) : notATime(text));
    }
    OffsetDateTime from = clock.instant().minus(PAST).atOffset(time.getOffset());
    OffsetDateTime at = time.atDate(from.toLocalDate());
    return (at.isBefore(from) ? at.plusDays(1) : at).toInstant();
  }

  /** Whether {@code text} is a date and time, or a time, without a zone. */
  private static boolean withoutZone(String text) {
    try {
      LocalDateTime.parse(text);
      return true;
    } catch (DateTimeParseException notADateTime) {
      try {
        LocalTime.parse(text);
        return true;
      } catch (DateTimeParseException notATime) {
        return false;
      }
    }
  }

  private static String noZone(String text) {
    return "'"
        + text
        + "' has no zone, and every client would read it in its own: add Z for UTC ("
        + text
        + "Z) or an offset ("
        + ZoneOffset.ofHours(1)
        + ")";
  }

  private static String notATime(String text) {
    return "'"
        + text
        + "' is not a time: give a UTC instant (2026-11-28T10:15:00Z) or a time of day"
        + " (10:15:00Z, its next occurrence)";
  }

  /**
   * A wait or a delay as a person says it, rounded to its last unit: 42 s, 4 min 37 s, 3 h 12 min,
   * 2 d 3 h.
   */
  public static String words(Duration d) {
    long s = Math.max(0, d.plusMillis(500).toSeconds());
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }
    long minutes = (s + 30) / 60;
    if (minutes < 24 * 60) {
      return minutes / 60 + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min");
    }
    long hours = (s + 1800) / 3600;
    return hours / 24 + " d" + (hours % 24 == 0 ? "" : " " + hours % 24 + " h");
  }
}
