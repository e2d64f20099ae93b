package io.txbench.report.html;

import io.txbench.report.files.IntervalRow;
import io.txbench.report.files.ResultDirectory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The charts of what the client measured, one small chart per group of runs: throughput, p50 and
 * p99 over time, retries, errors and in-doubt iterations per period, and the latency distribution
 * as HdrHistogram plots it. A run's line that would be flat zero is not drawn; the section says so.
 */
final class ClientCharts {
  /** A run of fewer periods than this is said, not drawn, over time. */
  static final int FEWEST_PERIODS = 5;

  /** Points per decade of the percentile axis (1/(1-p)). */
  private static final int PER_DECADE = 10;

  /** The percentile axis ends at 99.99999% (1/(1-p) = 10^7), or at a run's last iteration. */
  private static final int DECADES = 7;

  private ClientCharts() {}

  static List<ChartSection> sections(List<ResultDirectory> runs, List<ChartGroup> groups) {
    List<ChartSection> sections = new ArrayList<>();
    boolean warmedUp = runs.stream().anyMatch(r -> !r.warmUp().isEmpty());
    sections.add(
        overTime(
            "Throughput (iterations per second, by period"
                + (warmedUp ? "; before 0 s, thin, the warm-up)" : ")"),
            "tps",
            runs,
            groups,
            List.of(
                new Measure("", false, IntervalRow::tps, false),
                new Measure("warm-up", true, IntervalRow::tps, true))));
    sections.add(
        overTime(
            "Response time over time: p99 (thick) and p50 (thin), ms",
            "ms",
            runs,
            groups,
            List.of(
                new Measure("p99", false, r -> r.ms().p99(), false),
                new Measure("p50", true, r -> r.ms().p50(), false))));
    sections.addAll(failures(runs, groups));
    sections.add(distribution(runs, groups));
    return sections;
  }

  /**
   * One figure of an interval row, drawn as a line labelled {@code name} after the run: of the
   * measured window's periods, or of the warm-up's ({@code warmUp}), drawn before the window's
   * start (0 s), where the client's own ramp shows.
   */
  private record Measure(
      String name, boolean light, ToDoubleFunction<IntervalRow> value, boolean warmUp) {}

  /** Retries, errors and in-doubt iterations per period: a section each, or one sentence. */
  private static List<ChartSection> failures(List<ResultDirectory> runs, List<ChartGroup> groups) {
    List<String> names = List.of("retries", "errors", "in-doubt iterations");
    List<ToDoubleFunction<IntervalRow>> values =
        List.of(
            r -> r.outcomes().retries(), r -> r.outcomes().errors(), r -> r.outcomes().inDoubt());
    List<ChartSection> drawn = new ArrayList<>();
    List<String> none = new ArrayList<>();
    for (int k = 0; k < names.size(); k++) {
      String name = names.get(k);
      ChartSection section =
          overTime(
              Character.toUpperCase(name.charAt(0)) + name.substring(1) + " per period",
              "count",
              runs,
              groups,
              List.of(new Measure(name, false, values.get(k), false)));
      if (section.panels().isEmpty()) {
        none.add(name);
      } else {
        drawn.add(section);
      }
    }
    if (!none.isEmpty()) {
      drawn.add(
          ChartSection.words(
              "Retries, errors and in-doubt iterations",
              "No " + Words.list(none, "or") + " in any run.",
              false));
    }
    return drawn;
  }

  private static ChartSection overTime(
      String title,
      String unit,
      List<ResultDirectory> runs,
      List<ChartGroup> groups,
      List<Measure> measures) {
    List<ChartPanel> panels = new ArrayList<>();
    List<String> zero = new ArrayList<>();
    for (ChartGroup group : groups) {
      List<String> few = new ArrayList<>();
      ChartPanel.Lines lines = new ChartPanel.Lines();
      for (int run : group.runs()) {
        List<IntervalRow> rows = wholePeriods(runs.get(run).intervals());
        if (rows.size() < FEWEST_PERIODS) {
          few.add(periods(run, runs.get(run), rows));
        }
        for (Measure m : measures) {
          List<IntervalRow> of = m.warmUp() ? runs.get(run).warmUp() : rows;
          // The warm-up ends where the window starts: its t counts from its own start.
          double end = m.warmUp() && !of.isEmpty() ? of.get(of.size() - 1).t() : 0;
          double[] t = of.stream().mapToDouble(r -> r.t() - end).toArray();
          double[] y = of.stream().mapToDouble(m.value()).toArray();
          String label =
              group.line(run, runs.get(run).label()) + (m.name().isEmpty() ? "" : " " + m.name());
          if (ChartPanel.allZero(y)) {
            if (!m.warmUp()) {
              zero.add("#" + (run + 1) + " " + runs.get(run).label());
            }
            continue;
          }
          lines.add(new ChartLine(run, label, m.light()), t, y);
        }
      }
      if (few.size() == group.runs().size()) {
        panels.add(ChartPanel.words(group.label(), tooFew(few)));
      } else if (!lines.isEmpty()) {
        ChartPanel panel = lines.panel(group.label(), group.scale());
        panels.add(few.isEmpty() ? panel : panel.saying(tooFew(few) + " Drawn as dots."));
      }
    }
    String note =
        panels.isEmpty() || zero.isEmpty()
            ? ""
            : "Not drawn, zero (or no period) throughout: " + Words.list(zero, "and") + ".";
    // Response times over time each get their own range: one group's spike would flatten the rest.
    boolean sameScale = !unit.equals("ms");
    return new ChartSection(title, note, "time", unit, false, sameScale, false, panels);
  }

  /**
   * {@code rows} without a last period shorter than half the others: the run ended a moment after
   * the period before it, and a rate over that sliver (a few iterations in a few milliseconds)
   * would jump or fall at the chart's end for no reason of the server's.
   */
  static List<IntervalRow> wholePeriods(List<IntervalRow> rows) {
    if (rows.size() < 3) {
      return rows;
    }
    int last = rows.size() - 1;
    double period = rows.get(1).t() - rows.get(0).t();
    for (int i = 2; i < last; i++) {
      period = Math.max(period, rows.get(i).t() - rows.get(i - 1).t());
    }
    return rows.get(last).t() - rows.get(last - 1).t() < period / 2 ? rows.subList(0, last) : rows;
  }

  /** "#2 pg-short: 2 periods of 10 s". */
  private static String periods(int index, ResultDirectory run, List<IntervalRow> rows) {
    String said = "#" + (index + 1) + " " + run.label() + ": " + rows.size() + " period";
    if (rows.size() != 1) {
      said += "s";
    }
    if (rows.isEmpty()) {
      return said;
    }
    // The longest period is the one asked for: the first and the last may be cut short.
    double period = rows.get(0).t();
    for (int i = 1; i < rows.size(); i++) {
      period = Math.max(period, rows.get(i).t() - rows.get(i - 1).t());
    }
    return said + " of " + RunFacts.seconds(Math.round(period * 10) / 10.0);
  }

  /** The sentence said where a chart of runs of too few periods would be. */
  private static String tooFew(List<String> runs) {
    return "Too few periods to draw over time ("
        + Words.list(runs, "and")
        + "): a run needs "
        + FEWEST_PERIODS
        + " or more. Rerun without --metrics, and txbench reports every 20th of --duration, or with"
        + " a shorter --metrics.";
  }

  /**
   * The latency distribution: response time (ms, log scale) by percentile, the percentile spread as
   * 1/(1-p) on a log scale (1 = 0%, 10 = 90%, 100 = 99%...), so the tail gets room.
   */
  private static ChartSection distribution(List<ResultDirectory> runs, List<ChartGroup> groups) {
    List<ChartPanel> panels = new ArrayList<>();
    List<String> empty = new ArrayList<>();
    for (ChartGroup group : groups) {
      ChartPanel.Lines lines = new ChartPanel.Lines();
      for (int run : group.runs()) {
        Histogram h = runs.get(run).responseTimes();
        if (h.getTotalCount() == 0) {
          empty.add(runs.get(run).label());
          continue;
        }
        List<double[]> points = percentiles(h);
        lines.add(
            new ChartLine(run, group.line(run, runs.get(run).label()), false),
            points.get(0),
            points.get(1));
      }
      if (!lines.isEmpty()) {
        panels.add(lines.panel(group.label(), group.scale()));
      }
    }
    String note =
        "Response time by percentile, from each run's histogram.hlog: read the tail at 99%, 99.9%,"
            + " 99.99%; both axes are logarithmic."
            + (empty.isEmpty()
                ? ""
                : " No iteration completed in " + Words.list(empty, "and") + ".");
    return new ChartSection(
        "Latency distribution (percentile plot)",
        note,
        "percentile",
        "ms",
        true,
        true,
        false,
        panels);
  }

  /**
   * {@code h}'s response times (ms) at 1/(1-p) = 10^(i/10), up to the percentile of its last
   * iteration but one (1 - 1/count): beyond it a histogram knows only its max.
   */
  static List<double[]> percentiles(Histogram h) {
    double last = Math.min(Math.pow(10, DECADES), (double) h.getTotalCount());
    List<Double> x = new ArrayList<>();
    for (int i = 0; Math.pow(10, i / (double) PER_DECADE) <= last; i++) {
      x.add(Math.pow(10, i / (double) PER_DECADE));
    }
    double[] xs = x.stream().mapToDouble(Double::doubleValue).toArray();
    double[] ys = new double[xs.length];
    for (int i = 0; i < xs.length; i++) {
      ys[i] = h.getValueAtPercentile(100 * (1 - 1 / xs[i])) / 1e6;
    }
    return List.of(xs, ys);
  }
}
