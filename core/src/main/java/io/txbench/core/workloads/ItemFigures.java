package io.txbench.core.workloads;

/**
 * What verify reads of the item tables (all of them, summed), before and after a run: their rows,
 * the updates counted in them, and the sum of their indexed column {@code k}.
 */
public record ItemFigures(long rows, long updates, long kSum) {}
