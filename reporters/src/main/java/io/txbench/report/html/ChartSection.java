package io.txbench.report.html;

import java.util.List;

/**
 * A part of the page: a heading ({@code title}), a sentence to read with it ({@code note}, "" for
 * none: what a chart would show as flat zero is said there instead), and its charts, side by side,
 * each its own y range unless {@code sameScale}. {@code x} is "time" (seconds since the run's
 * start) or "percentile" (the 1/(1-p) scale of HdrHistogram's percentile plot); {@code unit} the y
 * values' ("tps", "ms", "%", "B/s", "/s", "count", "MB", "cores"); {@code log} whether y is on a
 * log scale; {@code sameScale} whether its charts share one y range (small multiples of one figure,
 * to compare at a glance); {@code telemetry} whether the group picker of the server and machine
 * charts applies.
 */
record ChartSection(
    String title,
    String note,
    String x,
    String unit,
    boolean log,
    boolean sameScale,
    boolean telemetry,
    List<ChartPanel> panels) {
  ChartSection {
    panels = List.copyOf(panels);
  }

  /** A section with nothing to draw, only {@code note} to say. */
  static ChartSection words(String title, String note, boolean telemetry) {
    return new ChartSection(title, note, "time", "", false, false, telemetry, List.of());
  }
}
