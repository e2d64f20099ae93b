package io.txbench.core;

/**
 * The airline's figures as verify reads them, before and after a run: seats, payments, the sum of
 * the audit's {@code seats_occupied}, and how many seats repeat a (flight, day, seat number)
 * already sold (the seats minus the distinct seat numbers).
 */
public record AirlineCounts(long seats, long payments, long seatsOccupied, long repeatedSeats) {}
