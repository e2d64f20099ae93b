package io.txbench.report.history;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * One series of a history over time: tps on the left axis and p99 on the right, both from zero (a
 * fall shows as large as it is), each run a point; a dashed line where E-divisive means found a
 * change, and the latest run pointed out when it regressed.
 */
final class TrendChart {
  static final Color TPS = new Color(0x1F77B4);
  static final Color P99 = new Color(0x7B3294);
  static final Color CHANGE = new Color(0x555555);
  static final Color REGRESSION = new Color(0xC62828);
  private static final int WIDTH = 900;
  private static final int HEIGHT = 380;

  private TrendChart() {}

  /**
   * {@code verdict}'s series as an SVG chart, the change points {@code tpsChanges} and {@code
   * p99Changes} (indices of a run that follows a change) marked.
   */
  static String svg(SeriesVerdict verdict, List<Integer> tpsChanges, List<Integer> p99Changes) {
    List<HistoryRun> runs = verdict.series().runs();
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            "tps and p99 by run",
            "run start (UTC)",
            "tps",
            data("tps", runs, HistoryRun::tps),
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    XYPlot plot = chart.getXYPlot();
    DateAxis time = new DateAxis("run start (UTC)");
    time.setTimeZone(java.util.TimeZone.getTimeZone("UTC"));
    plot.setDomainAxis(time);
    ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
    plot.setRenderer(0, renderer(TPS));
    NumberAxis p99 = new NumberAxis("p99 (ms)");
    p99.setAutoRangeIncludesZero(true);
    plot.setRangeAxis(1, p99);
    plot.setRangeAxisLocation(1, AxisLocation.BOTTOM_OR_RIGHT);
    plot.setDataset(1, data("p99 (ms)", runs, HistoryRun::p99Ms));
    plot.mapDatasetToRangeAxis(1, 1);
    plot.setRenderer(1, renderer(P99));
    mark(plot, runs, tpsChanges, "tps change");
    mark(plot, runs, p99Changes, "p99 change");
    if (verdict.verdict() == SeriesVerdict.Verdict.REGRESSION) {
      HistoryRun latest = verdict.series().latest();
      for (MetricChange c : verdict.changes()) {
        if (c.outcome() == MetricChange.Outcome.WORSE) {
          // tps fell: the label above and left of the point; p99 rose: below and left.
          boolean tps = c.metric().equals("tps");
          XYPointerAnnotation pointer =
              new XYPointerAnnotation(
                  "REGRESSION " + c.metric(),
                  latest.start().toEpochMilli(),
                  tps ? latest.tps() : latest.p99Ms(),
                  tps ? Math.PI * 5 / 4 : Math.PI * 3 / 4);
          pointer.setPaint(REGRESSION);
          pointer.setArrowPaint(REGRESSION);
          pointer.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
          pointer.setTextAnchor(tps ? TextAnchor.BOTTOM_RIGHT : TextAnchor.TOP_RIGHT);
          plot.getRenderer(tps ? 0 : 1).addAnnotation(pointer);
        }
      }
    }
    return drawn(chart);
  }

  private static XYSeriesCollection data(
      String name, List<HistoryRun> runs, ToDoubleFunction<HistoryRun> value) {
    XYSeries series = new XYSeries(name, false, true);
    for (HistoryRun run : runs) {
      series.add((double) run.start().toEpochMilli(), value.applyAsDouble(run));
    }
    return new XYSeriesCollection(series);
  }

  /** {@code chart} on white with a light grey grid, as an SVG element. */
  private static String drawn(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xDDDDDD));
    plot.setRangeGridlinePaint(new Color(0xDDDDDD));
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle2D.Double(0, 0, WIDTH, HEIGHT));
    return g.getSVGElement();
  }

  private static XYLineAndShapeRenderer renderer(Color color) {
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    renderer.setSeriesPaint(0, color);
    renderer.setSeriesStroke(0, new BasicStroke(2f));
    return renderer;
  }

  /** A dashed line between each change point's run and the run before it. */
  private static void mark(XYPlot plot, List<HistoryRun> runs, List<Integer> at, String label) {
    for (int i : at) {
      double x =
          (runs.get(i - 1).start().toEpochMilli() + runs.get(i).start().toEpochMilli()) / 2.0;
      ValueMarker marker =
          new ValueMarker(
              x,
              CHANGE,
              new BasicStroke(
                  1.5f,
                  BasicStroke.CAP_BUTT,
                  BasicStroke.JOIN_MITER,
                  10f,
                  new float[] {6f, 4f},
                  0f));
      marker.setLabel(label);
      marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
      marker.setLabelPaint(CHANGE);
      marker.setLabelAnchor(
          label.startsWith("tps") ? RectangleAnchor.TOP_LEFT : RectangleAnchor.BOTTOM_LEFT);
      marker.setLabelTextAnchor(
          label.startsWith("tps") ? TextAnchor.TOP_RIGHT : TextAnchor.BOTTOM_RIGHT);
      plot.addDomainMarker(marker);
    }
  }
}
