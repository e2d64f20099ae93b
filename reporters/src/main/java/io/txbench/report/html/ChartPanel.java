package io.txbench.report.html;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One chart of the page: its title, its lines, and their values as uPlot takes them, aligned on one
 * x axis ({@code data.get(0)} the x values, then one list per line, null where a line has no value
 * at that x: another run's period, or a figure not measured). Charts of one section and the same
 * {@code scale} ("" for none) share a y range where the section's do. {@code words} is a sentence
 * said under the chart, or in its place when it has no lines.
 */
record ChartPanel(
    String title, String scale, String words, List<ChartLine> lines, List<List<Double>> data) {
  ChartPanel {
    lines = List.copyOf(lines);
  }

  /** A panel with nothing to draw, only {@code words} where its chart would be. */
  static ChartPanel words(String title, String words) {
    return new ChartPanel(title, "", words, List.of(), List.of());
  }

  /** This panel with {@code words} said under its chart. */
  ChartPanel saying(String words) {
    return new ChartPanel(title, scale, words, lines, data);
  }

  /** The lines of a panel as they are found, each with its x and y values. */
  static final class Lines {
    private final List<ChartLine> lines = new ArrayList<>();
    private final List<double[]> xs = new ArrayList<>();
    private final List<double[]> ys = new ArrayList<>();

    void add(ChartLine line, double[] x, double[] y) {
      lines.add(line);
      xs.add(x);
      ys.add(y);
    }

    boolean isEmpty() {
      return lines.isEmpty();
    }

    /**
     * The panel of these lines, line i having the values {@code ys.get(i)} at {@code xs.get(i)}; x
     * values closer than a millisecond are one.
     */
    ChartPanel panel(String title, String scale) {
      TreeMap<Double, Double[]> rows = new TreeMap<>();
      for (int line = 0; line < lines.size(); line++) {
        double[] x = xs.get(line);
        double[] y = ys.get(line);
        for (int i = 0; i < x.length; i++) {
          Double[] row =
              rows.computeIfAbsent(Math.round(x[i] * 1000) / 1000.0, k -> new Double[lines.size()]);
          row[line] = Double.isFinite(y[i]) ? significant(y[i]) : null;
        }
      }
      List<List<Double>> data = new ArrayList<>();
      data.add(new ArrayList<>(rows.keySet()));
      for (int line = 0; line < lines.size(); line++) {
        List<Double> values = new ArrayList<>(rows.size());
        for (Map.Entry<Double, Double[]> row : rows.entrySet()) {
          values.add(row.getValue()[line]);
        }
        data.add(values);
      }
      return new ChartPanel(title, scale, "", lines, data);
    }
  }

  /** {@code v} to four significant digits: what a chart can show, and a page a quarter the size. */
  static double significant(double v) {
    return v == 0 ? 0 : new BigDecimal(v).round(new MathContext(4)).doubleValue();
  }

  /** Whether the values hold nothing but zeros and gaps: such a line is said, not drawn. */
  static boolean allZero(double[] values) {
    for (double v : values) {
      if (Double.isFinite(v) && v != 0) {
        return false;
      }
    }
    return true;
  }
}
