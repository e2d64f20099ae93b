package io.txbench.report;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's result directory read back: its summary, its intervals and its response-time interval
 * histograms (each with its absolute start time in ms), for report, compare and merge.
 */
public record ResultDirectory(
    Path path, JsonNode summary, List<IntervalRow> intervals, List<Histogram> histograms) {

  /**
   * Reads a result directory. The exception's message is one line that names the directory or
   * file and says what is wrong with it: missing, unreadable, or not what txbench writes.
   */
  public static ResultDirectory load(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      throw new IOException(dir + " does not exist");
    }
    Path summaryFile = dir.resolve(SummaryJson.FILE);
    if (!Files.isRegularFile(summaryFile)) {
      throw new IOException(dir + " is not a txbench result directory (no " + SummaryJson.FILE
          + ")");
    }
    return new ResultDirectory(dir, summary(summaryFile),
        IntervalsCsv.read(dir.resolve(IntervalsCsv.FILE)),
        histograms(dir.resolve(HistogramLog.FILE)));
  }

  private static JsonNode summary(Path file) throws IOException {
    JsonNode summary;
    try {
      summary = new ObjectMapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new IOException(file + " is corrupt: not valid JSON"
          + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
          + " (" + firstClause(e.getOriginalMessage()) + ")", e);
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    }
    if (summary == null || summary.isMissingNode()) {
      throw new IOException(file + " is corrupt: it is empty");
    }
    SummaryFields.check(file, summary);
    return summary;
  }

  private static List<Histogram> histograms(Path file) throws IOException {
    List<Histogram> histograms = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return histograms;
    }
    try {
      HistogramLogReader reader = new HistogramLogReader(file.toFile());
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null;
          h = reader.nextIntervalHistogram()) {
        if (h.getTag() == null && h instanceof Histogram histogram) {
          histograms.add(histogram);
        }
      }
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    } catch (RuntimeException e) {
      throw new IOException(file + " is corrupt: " + firstClause(e.getMessage()), e);
    }
    return List.copyOf(histograms);
  }

  /** The first line of a library's message, without the location it may append. */
  private static String firstClause(String message) {
    String line = String.valueOf(message).lines().findFirst().orElse("").strip();
    int source = line.indexOf(" (start marker at");
    return source < 0 ? line : line.substring(0, source);
  }

  /**
   * This run, if its histogram.hlog holds response times: report draws the latency distribution
   * from it, and merge merges it; compare needs none.
   */
  public ResultDirectory withHistograms() throws IOException {
    Path file = path.resolve(HistogramLog.FILE);
    if (!Files.exists(file)) {
      throw new IOException(path + " has no " + HistogramLog.FILE + ": the response times are"
          + " in it");
    }
    if (histograms.isEmpty()) {
      throw new IOException(file + " is corrupt: it holds no histogram (cut short after its"
          + " header?)");
    }
    return this;
  }

  /** The start of the measured window (checked when loaded). */
  public Instant start() {
    return SummaryFields.instant(text("start"));
  }

  /** The end of the measured window (checked when loaded). */
  public Instant end() {
    return SummaryFields.instant(text("end"));
  }

  /** The --metrics period the run recorded in its options; empty in summaries without it. */
  public Optional<Duration> metricsPeriod() {
    JsonNode metrics = summary.path("options").path("metrics");
    return Optional.ofNullable(metrics.isTextual() ? SummaryFields.duration(metrics)
        : null);
  }

  /** The run's name in tables and legends: its directory's name. */
  public String label() {
    Path name = path.toAbsolutePath().normalize().getFileName();
    return name == null ? path.toString() : name.toString();
  }

  /** All response times of the run, merged from its interval histograms (nanoseconds). */
  public Histogram responseTimes() {
    Histogram total = new Histogram(3);
    histograms.forEach(total::add);
    return total;
  }

  public String text(String field) {
    JsonNode n = summary.get(field);
    return n == null || n.isNull() ? "" : n.asText();
  }

  public double number(String field) {
    JsonNode n = summary.get(field);
    return n == null ? 0 : n.asDouble();
  }

  /** A response-time percentile from summary.json, in ms ({@code p99}, {@code max}...). */
  public double responseMs(String key) {
    JsonNode n = summary.path(SummaryFields.RESPONSE_TIMES).get(key);
    return n == null ? 0 : n.asDouble();
  }

  /** "passed", "FAILED", "not run", or "skipped" (results of versions before the status). */
  public String verification() {
    JsonNode v = summary.get("verification");
    if (v == null || v.isNull()) {
      return "skipped";
    }
    if (v.path("passed").asBoolean()) {
      return "passed";
    }
    String status = v.path("status").asText("failed");
    return status.equals("failed") ? "FAILED" : status;
  }
}
