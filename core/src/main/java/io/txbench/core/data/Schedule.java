package io.txbench.core.data;

/**
 * One scheduled flight. Times are minutes after midnight (local to the origin); {@code daysOfWeek}
 * has bit 0 for Monday through bit 6 for Sunday.
 */
public record Schedule(
    long scheduleId,
    String flightNumber,
    String origin,
    String destination,
    int departureMinute,
    int arrivalMinute,
    int durationMinutes,
    int daysOfWeek,
    String aircraft) {}
