package io.txbench.core;

/**
 * One {@code --threshold} checked at the end of a run: the expression as the user wrote it, the
 * figure it measured in the expression's unit ({@code unit}: "ms", "tps", "%", ...; for {@code
 * verification}, 1 when it passed and 0 when not), and whether it held.
 */
public record ThresholdVerdict(String expression, double measured, String unit, boolean passed) {}
