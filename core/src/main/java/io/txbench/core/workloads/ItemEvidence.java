package io.txbench.core.workloads;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;

/**
 * What an item kind's verify judges: the figures before and after the run, the runner's tally, the
 * kind's option values, and {@code rowsChanged}, the rows the iterations that committed reported
 * changed (the update count of their range writes; 0 for kinds that do not count them).
 */
public record ItemEvidence(
    ItemFigures before, ItemFigures after, Tally tally, OptionValues options, long rowsChanged) {}
