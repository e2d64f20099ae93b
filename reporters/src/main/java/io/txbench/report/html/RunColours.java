package io.txbench.report.html;

import java.util.List;

/**
 * Each run's colour and dash pattern, the same in the run table and in every chart: ten colours
 * that read well on white (no yellow, no pale tint), then the same ten again with a dash pattern,
 * and so on, so that any number of runs stay apart.
 */
final class RunColours {
  static final List<String> PALETTE =
      List.of(
          "#1f77b4", // blue
          "#d62728", // red
          "#2ca02c", // green
          "#9467bd", // purple
          "#e8710a", // orange
          "#8c564b", // brown
          "#d6339a", // pink
          "#0f8a96", // teal
          "#555555", // grey
          "#1a237e"); // navy

  /** The dash patterns (canvas line dash, in pixels), one per round of the palette. */
  private static final List<List<Integer>> DASHES =
      List.of(List.of(), List.of(8, 4), List.of(2, 3), List.of(10, 3, 2, 3), List.of(4, 4));

  private RunColours() {}

  /** The colour of the run at {@code index} (0-based) as #rrggbb. */
  static String colour(int index) {
    return PALETTE.get(index % PALETTE.size());
  }

  /** The dash pattern of the run at {@code index}: empty (a solid line) for the first ten. */
  static List<Integer> dash(int index) {
    return DASHES.get((index / PALETTE.size()) % DASHES.size());
  }

  /** A short line in the run's colour and dash, for the run table, as inline SVG. */
  static String swatch(int index) {
    List<Integer> dash = dash(index);
    return "<svg class=\"swatch\" width=\"30\" height=\"10\" aria-hidden=\"true\">"
        + "<line x1=\"1\" y1=\"5\" x2=\"29\" y2=\"5\" stroke=\""
        + colour(index)
        + "\" stroke-width=\"3\""
        + (dash.isEmpty()
            ? ""
            : " stroke-dasharray=\""
                + String.join(",", dash.stream().map(String::valueOf).toList())
                + "\"")
        + "/></svg>";
  }
}
