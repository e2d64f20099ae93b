package io.txbench.report.html;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.svg.SVGGraphics2D;

/**
 * The history page's chart look, drawn by JFreeChart and written as inline SVG by JFreeSVG (the
 * report page draws its charts in the browser, see {@link HtmlReport}).
 */
public final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 380;

  private Charts() {}

  /** {@code chart} in the report's look: white, grey grid, series drawn as 2-pixel lines. */
  public static JFreeChart style(JFreeChart chart) {
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
  public static String svg(JFreeChart chart) {
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle2D.Double(0, 0, WIDTH, HEIGHT));
    return g.getSVGElement();
  }
}
