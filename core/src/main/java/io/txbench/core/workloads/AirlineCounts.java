package io.txbench.core.workloads;

/**
 * The airline's totals as verify reads them, before and after a run: seats, payments, the sum of
 * the audit's {@code seats_occupied}, and the seats past capacity: over every flight and day whose
 * audit counts more seats than its aircraft has, how many more.
 */
public record AirlineCounts(
    long seats, long payments, long seatsOccupied, long seatsOverCapacity) {}
