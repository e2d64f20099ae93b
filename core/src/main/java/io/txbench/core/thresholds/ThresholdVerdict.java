package io.txbench.core.thresholds;

import java.util.Optional;

/**
 * One {@code --threshold} checked at the end of a run: the expression as the user wrote it, the
 * figure it measured in the expression's unit ({@code unit}: "us", "ms", "s", "tps", "qps",
 * "count", "%"; "passed" for {@code verification}, measured 1 when verify passed and 0 when not;
 * NaN when the run could not measure it, {@code whyNotMeasured} then saying why), and whether it
 * held (see {@link Threshold}).
 */
public record ThresholdVerdict(
    String expression,
    double measured,
    String unit,
    boolean passed,
    Optional<String> whyNotMeasured) {}
