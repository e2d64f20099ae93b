package io.txbench.report.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.report.RunRecorder;
import io.txbench.report.files.IntervalRow;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.html.HtmlReport;
import io.txbench.report.html.PageAssets;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

/**
 * One run on the live page: at each period's end, the report page of the run so far, drawn from its
 * periods (kept here as the result files' writers get them) and the summary it would have if it
 * ended now; once its summary.json holds verify's verdict, the offline report itself. The metrics
 * thread only keeps each period; the page is drawn on the live page's own thread, once a second at
 * most (a period that ends while one is drawn is drawn with the next), so that drawing never delays
 * a period's end.
 */
final class LiveRun implements RunListener {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long MIN_GAP_NANOS = 1_000_000_000L;

  private final LivePage page;
  private final RunRecorder recorder;
  private final Path directory;
  private final Metrics metrics;
  private final PrintStream err;
  private final List<IntervalRow> rows = new ArrayList<>(); // the metrics thread's
  private final List<Histogram> histograms = new ArrayList<>(); // the metrics thread's
  private final AtomicBoolean drawing = new AtomicBoolean();
  private volatile Instant start = Instant.now();
  private boolean countsQueries;
  private long lastDrawn = Long.MIN_VALUE;
  private int version; // the drawing thread's
  private boolean failed; // the drawing thread's: said once

  LiveRun(LivePage page, RunRecorder recorder, Path directory, Metrics metrics, PrintStream err) {
    this.page = page;
    this.recorder = recorder;
    this.directory = directory;
    this.metrics = metrics;
    this.err = err;
  }

  @Override
  public void onStart(long startMillis, int threads) {
    start = Instant.ofEpochMilli(startMillis);
  }

  @Override
  public void onInterval(IntervalStats stats) {
    countsQueries |= stats.breakdown().queries().any();
    rows.add(IntervalRow.of(stats, countsQueries));
    histograms.add(stats.responseTimes().copy());
    long now = System.nanoTime();
    boolean due = lastDrawn == Long.MIN_VALUE || now - lastDrawn >= MIN_GAP_NANOS || stats.last();
    if (due && drawing.compareAndSet(false, true)) {
      lastDrawn = now;
      List<IntervalRow> periods = List.copyOf(rows);
      List<Histogram> times = List.copyOf(histograms);
      page.draw(
          () -> {
            try {
              draw(stats, periods, times);
            } finally {
              drawing.set(false);
            }
          });
    }
  }

  private void draw(IntervalStats stats, List<IntervalRow> periods, List<Histogram> times) {
    try {
      ResultDirectory run =
          ResultDirectory.inProgress(directory, recorder.soFar(soFar(stats)), periods, times);
      HtmlReport.Parts parts = HtmlReport.parts(List.of(run));
      String status =
          String.format(
              Locale.US,
              "Live: the run is under way, %.0f s measured, %,d iterations so far; the charts"
                  + " redraw as each period ends.",
              stats.elapsedNanos() / 1e9,
              metrics.iterationCount());
      version++;
      page.show(
          HtmlReport.livePage(List.of(run), parts, status),
          json(version, "run " + directory, status, parts),
          false);
    } catch (IOException | RuntimeException e) {
      if (!failed) {
        failed = true;
        err.println("txbench: --live: cannot draw the run so far (" + e.getMessage() + ")");
      }
    }
  }

  /** The run's result as if it ended at the end of {@code stats}. */
  private RunResult soFar(IntervalStats stats) {
    Metrics.Sample total = metrics.cumulative();
    long nanos = stats.elapsedNanos();
    return new RunResult(
        new MeasuredWindow(start, start.plusNanos(nanos), nanos, StopReason.DURATION_ELAPSED),
        metrics.outcomes(),
        Latencies.of(total),
        stats.client(),
        Optional.empty(),
        metrics.breakdown(total),
        metrics.operationTallies(),
        TelemetryFindings.NONE);
  }

  /**
   * The run ended and its summary.json holds verify's verdict: the page is the offline report from
   * now on, drawn after any drawing of the run under way.
   */
  void ended() {
    page.draw(
        () -> {
          try {
            String report = HtmlReport.page(List.of(ResultDirectory.load(directory)));
            version++;
            page.show(report, json(version, "report " + directory, "The run ended.", null), true);
          } catch (IOException | RuntimeException e) {
            err.println("txbench: --live: cannot draw the run's report (" + e.getMessage() + ")");
          }
        });
  }

  private static String json(
      int version, String identity, String status, HtmlReport.@Nullable Parts parts) {
    ObjectNode node = JSON.createObjectNode();
    node.put("version", version).put("page", identity).put("status", status);
    if (parts != null) {
      node.put("table", parts.table());
      try {
        node.set("data", JSON.readTree(parts.data()));
      } catch (IOException e) {
        throw new IllegalStateException("the report's data is not JSON", e);
      }
    }
    return PageAssets.scriptJson(node);
  }
}
