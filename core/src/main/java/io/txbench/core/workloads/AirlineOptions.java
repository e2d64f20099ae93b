package io.txbench.core.workloads;

import io.txbench.core.spi.OptionValues;
import java.time.Duration;

/**
 * The airline's own options, typed. {@code schedules}: the airline books on the first that many
 * schedules only (0: all of them), which with {@code dayRange} sets contention.
 */
public record AirlineOptions(int dayRange, Duration bookingSleep, long schedules) {

  /** The options as the run was given them. */
  public static AirlineOptions of(OptionValues values) {
    return new AirlineOptions(
        Math.toIntExact(values.get(Airline.DAY_RANGE)),
        values.get(Airline.BOOKING_SLEEP),
        values.get(Airline.SCHEDULES));
  }

  /** How many of {@code loaded} schedules the airline books on. */
  public long schedulesBooked(long loaded) {
    return schedules > 0 ? Math.min(schedules, loaded) : loaded;
  }
}
