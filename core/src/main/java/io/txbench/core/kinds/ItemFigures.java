package io.txbench.core.kinds;

/** What verify reads of the item table, before and after a run: its rows and updates counted. */
public record ItemFigures(long rows, long updates) {}
