package io.txbench.report.html;

/**
 * One line of a chart: the run it belongs to (its index, which gives its colour and dash), its
 * legend label, and whether it is drawn thin and pale beside the run's main line (p50 beside p99).
 */
record ChartLine(int run, String label, boolean light) {}
