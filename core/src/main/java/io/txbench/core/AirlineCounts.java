package io.txbench.core;

/**
 * The airline's totals as verify reads them, before and after a run: seats, payments and the sum
 * of the audit's {@code seats_occupied}.
 */
public record AirlineCounts(long seats, long payments, long seatsOccupied) {}
