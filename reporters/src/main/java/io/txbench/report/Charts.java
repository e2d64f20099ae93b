package io.txbench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** The report's charts, drawn by JFreeChart and written as inline SVG by JFreeSVG. */
final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 380;

  private Charts() {}

  /** One value of every interval row, per run, over time. */
  static String overTime(
      String title,
      String axis,
      List<ResultDirectory> runs,
      List<String> names,
      List<ToDoubleFunction<IntervalRow>> values) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (ResultDirectory run : runs) {
      for (int v = 0; v < values.size(); v++) {
        XYSeries series =
            new XYSeries(
                run.label() + (names.get(v).isEmpty() ? "" : " " + names.get(v)), false, true);
        for (IntervalRow row : run.intervals()) {
          series.add(row.t(), values.get(v).applyAsDouble(row));
        }
        data.addSeries(series);
      }
    }
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title, "seconds since start", axis, data, PlotOrientation.VERTICAL, true, false, false);
    ((NumberAxis) chart.getXYPlot().getDomainAxis()).setAutoRangeIncludesZero(true);
    return svg(style(chart));
  }

  /**
   * The latency distribution: response time by percentile, the percentile axis spread as 1/(1-p) on
   * a log scale so the tail (99%, 99.9%, 99.99%) gets room, as HdrHistogram plots it.
   */
  static String percentiles(List<ResultDirectory> runs) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (ResultDirectory run : runs) {
      Histogram h = run.responseTimes();
      XYSeries series = new XYSeries(run.label(), false, true);
      if (h.getTotalCount() > 0) {
        for (HistogramIterationValue v : h.percentiles(5)) {
          double p = v.getPercentileLevelIteratedTo() / 100.0;
          if (p >= 1.0) {
            break;
          }
          series.add(1.0 / (1.0 - p), v.getValueIteratedTo() / 1e6);
        }
      }
      data.addSeries(series);
    }
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            "Latency by percentile",
            "percentile (1/(1-p): 10 = 90%, 100 = 99%, 1000 = 99.9%)",
            "response time (ms)",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    LogAxis axis = new LogAxis("percentile (10 = 90%, 100 = 99%, 1000 = 99.9%, 10000 = 99.99%)");
    axis.setBase(10);
    axis.setSmallestValue(1);
    chart.getXYPlot().setDomainAxis(axis);
    return svg(style(chart));
  }

  /** {@code chart} in the report's look: white, grey grid, series drawn as 2-pixel lines. */
  static JFreeChart style(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xDDDDDD));
    plot.setRangeGridlinePaint(new Color(0xDDDDDD));
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    plot.setRenderer(renderer);
    return chart;
  }

  /** {@code chart} as an inline SVG element. */
  static String svg(JFreeChart chart) {
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle2D.Double(0, 0, WIDTH, HEIGHT));
    return g.getSVGElement();
  }
}
