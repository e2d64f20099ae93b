package io.txbench.report.files;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code histogram.hlog}: each period's response times (nanoseconds) as an HdrHistogram interval
 * log, which HdrHistogram's own tools read and which merges exactly across runs. In an open loop
 * the service times follow each period's response times, tagged {@code service-time}; tools that do
 * not ask for a tag read only the response times.
 */
public final class HistogramLog implements RunListener {
  public static final String FILE = "histogram.hlog";
  public static final String SERVICE_TAG = "service-time";
  private final Path file;
  private final PrintStream out;
  private final HistogramLogWriter writer;
  private final boolean serviceTimes;

  /** With {@code serviceTimes}, each period's service times are logged too, tagged. */
  public HistogramLog(Path directory, boolean serviceTimes) throws IOException {
    this.serviceTimes = serviceTimes;
    file = directory.resolve(FILE);
    out = new PrintStream(file.toFile(), java.nio.charset.StandardCharsets.UTF_8);
    writer = new HistogramLogWriter(out);
  }

  @Override
  public void onStart(long startMillis, int threads) {
    writer.outputComment("txbench response times in nanoseconds");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startMillis);
    writer.setBaseTime(startMillis);
    writer.outputLegend();
    flush();
  }

  @Override
  public void onInterval(IntervalStats stats) {
    writer.outputIntervalHistogram(stats.responseTimes());
    if (serviceTimes) {
      stats.serviceTimes().setTag(SERVICE_TAG);
      writer.outputIntervalHistogram(stats.serviceTimes());
    }
    flush();
  }

  /** A PrintStream keeps its errors to itself: ask it, so a full disk does not go unnoticed. */
  private void flush() {
    if (out.checkError()) {
      throw ResultFiles.cannotWrite(file, new IOException("the write failed (is the disk full?)"));
    }
  }

  @Override
  public void onEnd(RunResult result) {
    close();
  }

  /** Closes the file, without a run's result: a log cut short, or one a tool wrote. */
  public void close() {
    out.close();
  }
}
