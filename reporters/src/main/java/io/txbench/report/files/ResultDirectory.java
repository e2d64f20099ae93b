package io.txbench.report.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's result directory read back: its summary, its intervals, its response-time interval
 * histograms (each with its absolute start time in ms) and its warm-up's periods (none when it had
 * none, or was written before warmup.csv), for report, compare and merge.
 */
public record ResultDirectory(
    Path path,
    SummaryFile summary,
    List<IntervalRow> intervals,
    List<Histogram> histograms,
    List<IntervalRow> warmUp) {

  /**
   * Reads a result directory. The exception's message is one line that names the directory or file
   * and says what is wrong with it: missing, unreadable, or not what txbench writes.
   */
  public static ResultDirectory load(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      throw new IOException(dir + " does not exist");
    }
    Path summaryFile = dir.resolve(SummaryJson.FILE);
    if (!Files.isRegularFile(summaryFile)) {
      throw new IOException(
          dir + " is not a txbench result directory (no " + SummaryJson.FILE + ")");
    }
    return new ResultDirectory(
        dir,
        SummaryFile.read(summaryFile),
        IntervalsReader.read(dir.resolve(IntervalsCsv.FILE)),
        histograms(dir.resolve(HistogramLog.FILE)),
        warmUp(dir.resolve(WarmUpPeriods.FILE)));
  }

  /**
   * A run under way ({@code txbench --live}): its periods so far ({@code intervals}, and their
   * response times, {@code histograms}), with {@code soFar}, the summary it would have if it ended
   * now, in place of a summary.json; read from no file.
   */
  public static ResultDirectory inProgress(
      Path dir, SummaryFile soFar, List<IntervalRow> intervals, List<Histogram> histograms) {
    return new ResultDirectory(
        dir, soFar, List.copyOf(intervals), List.copyOf(histograms), List.of());
  }

  /** The warm-up's periods, from a run of a version that writes them; none from older runs. */
  private static List<IntervalRow> warmUp(Path file) throws IOException {
    return Files.isRegularFile(file) ? IntervalsReader.read(file) : List.of();
  }

  private static List<Histogram> histograms(Path file) throws IOException {
    List<Histogram> histograms = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return histograms;
    }
    try {
      HistogramLogReader reader = new HistogramLogReader(file.toFile());
      for (EncodableHistogram h = reader.nextIntervalHistogram();
          h != null;
          h = reader.nextIntervalHistogram()) {
        if (h.getTag() == null && h instanceof Histogram histogram) {
          histograms.add(histogram);
        }
      }
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    } catch (RuntimeException e) {
      throw new IOException(file + " is corrupt: " + SummaryFile.firstClause(e.getMessage()), e);
    }
    return List.copyOf(histograms);
  }

  /**
   * This run, if its histogram.hlog holds response times: report draws the latency distribution
   * from it, and merge merges it; compare needs none.
   */
  public ResultDirectory withHistograms() throws IOException {
    Path file = path.resolve(HistogramLog.FILE);
    if (!Files.exists(file)) {
      throw new IOException(
          path + " has no " + HistogramLog.FILE + ": the response times are" + " in it");
    }
    if (histograms.isEmpty()) {
      throw new IOException(
          file + " is corrupt: it holds no histogram (cut short after its" + " header?)");
    }
    return this;
  }

  /** The start of the measured window. */
  public Instant start() {
    return summary.window().start();
  }

  /** The end of the measured window. */
  public Instant end() {
    return summary.window().end();
  }

  /** The run's name in tables and legends: its directory's name, printable. */
  public String label() {
    Path name = path.toAbsolutePath().normalize().getFileName();
    return Printable.field(name == null ? path.toString() : name.toString());
  }

  /** All response times of the run, merged from its interval histograms (nanoseconds). */
  public Histogram responseTimes() {
    Histogram total = new Histogram(3);
    histograms.forEach(total::add);
    return total;
  }
}
