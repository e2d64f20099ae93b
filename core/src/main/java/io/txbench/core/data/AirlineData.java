package io.txbench.core.data;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The airline's generated data, the same for the same seed on every target: a fleet of about 200
 * aircraft and about 15,000 scheduled flights at scale 1 between a few hundred airports.
 */
public final class AirlineData {
  public static final int AIRCRAFT_PER_SCALE = 200;
  public static final int SCHEDULES_PER_SCALE = 15_000;
  private static final int AIRPORTS = 300;

  /** Common jet and turboprop models with a typical seat count. */
  private static final String[] MODELS =
      ("A319 A320 A321 A330-300 A350-900 B737-800 B737-MAX8 B777-300ER B787-9 E190 E195 CRJ900"
              + " ATR72-600 DHC8-400")
          .split(" ");

  private static final int[] SEATS = {
    144, 180, 220, 300, 325, 189, 178, 396, 296, 100, 120, 76, 70, 78
  };

  private final long seed;
  private final int scale;
  private final List<Aircraft> aircraft;
  private final List<String> airports;

  public AirlineData(long seed, int scale) {
    if (scale < 1) {
      throw new IllegalArgumentException("scale must be at least 1");
    }
    this.seed = seed;
    this.scale = scale;
    SplittableRandom random = new SplittableRandom(seed);
    this.airports = airports(random);
    this.aircraft = fleet(random, AIRCRAFT_PER_SCALE * scale);
  }

  public List<Aircraft> aircraft() {
    return aircraft;
  }

  public long scheduleCount() {
    return (long) SCHEDULES_PER_SCALE * scale;
  }

  /** Generates the schedules in id order (1 to {@link #scheduleCount()}), one at a time. */
  public void forEachSchedule(Consumer<Schedule> sink) {
    SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    long count = scheduleCount();
    for (long id = 1; id <= count; id++) {
      int from = random.nextInt(airports.size());
      int to = (from + 1 + random.nextInt(airports.size() - 1)) % airports.size();
      double shape = random.nextDouble();
      // Most flights are short-haul: 40 min to 12 h, skewed to the short end.
      int duration = 40 + (int) (shape * shape * 680);
      int departure = 5 * random.nextInt(288);
      int days = 1 + random.nextInt(127);
      Aircraft plane = aircraft.get(random.nextInt(aircraft.size()));
      sink.accept(
          new Schedule(
              id,
              "TX" + (100 + id % 9900),
              airports.get(from),
              airports.get(to),
              departure,
              (departure + duration) % 1440,
              duration,
              days,
              plane.registration()));
    }
  }

  /** The days a run books flights on: {@code dayRange} days from tomorrow (UTC). */
  public static LocalDate[] bookingDays(int dayRange) {
    LocalDate first = LocalDate.now(ZoneOffset.UTC).plusDays(1);
    LocalDate[] days = new LocalDate[Math.max(1, dayRange)];
    for (int i = 0; i < days.length; i++) {
      days[i] = first.plusDays(i);
    }
    return days;
  }

  /**
   * The fare of a flight of this length: a fixed part plus a rate per minute, in currency units.
   */
  public static BigDecimal fare(int durationMinutes) {
    return BigDecimal.valueOf(2_900 + 35L * durationMinutes, 2);
  }

  private static List<String> airports(SplittableRandom random) {
    Set<String> codes = new LinkedHashSet<>();
    while (codes.size() < AIRPORTS) {
      codes.add(letters(random, 3));
    }
    return List.copyOf(codes);
  }

  private static List<Aircraft> fleet(SplittableRandom random, int size) {
    List<Aircraft> fleet = new ArrayList<>(size);
    Set<String> registrations = new LinkedHashSet<>();
    while (registrations.size() < size) {
      registrations.add("EC-" + letters(random, 3));
    }
    for (String registration : registrations) {
      int model = random.nextInt(MODELS.length);
      fleet.add(new Aircraft(registration, MODELS[model], SEATS[model]));
    }
    return List.copyOf(fleet);
  }

  private static String letters(SplittableRandom random, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) ('A' + random.nextInt(26));
    }
    return new String(chars);
  }
}
