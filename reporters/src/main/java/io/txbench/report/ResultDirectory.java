package io.txbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * A run's result directory read back: its summary, its intervals and its response-time interval
 * histograms (each with its absolute start time in ms), for report, compare and merge.
 */
public record ResultDirectory(
    Path path, JsonNode summary, List<IntervalRow> intervals, List<Histogram> histograms) {

  /** Reads a result directory; the message of the exception says what is missing. */
  public static ResultDirectory load(Path dir) throws IOException {
    Path summaryFile = dir.resolve(SummaryJson.FILE);
    if (!Files.isRegularFile(summaryFile)) {
      throw new IOException(dir + " is not a txbench result directory (no " + SummaryJson.FILE
          + ")");
    }
    JsonNode summary = new ObjectMapper().readTree(summaryFile.toFile());
    List<IntervalRow> rows = new ArrayList<>();
    Path intervalsFile = dir.resolve(IntervalsCsv.FILE);
    if (Files.isRegularFile(intervalsFile)) {
      try (Reader in = Files.newBufferedReader(intervalsFile)) {
        for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
            .parse(in)) {
          rows.add(new IntervalRow(d(r, "t"), Long.parseLong(r.get("count")), d(r, "tps"),
              d(r, "p50_ms"), d(r, "p95_ms"), d(r, "p99_ms"), d(r, "p999_ms"), d(r, "max_ms"),
              Long.parseLong(r.get("retries")), Long.parseLong(r.get("errors")),
              r.isMapped("in_doubt") ? Long.parseLong(r.get("in_doubt")) : 0,
              r.isMapped("declined") ? Long.parseLong(r.get("declined")) : 0));
        }
      }
    }
    List<Histogram> histograms = new ArrayList<>();
    Path log = dir.resolve(HistogramLog.FILE);
    if (Files.isRegularFile(log)) {
      HistogramLogReader reader = new HistogramLogReader(log.toFile());
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null;
          h = reader.nextIntervalHistogram()) {
        if (h.getTag() == null && h instanceof Histogram histogram) {
          histograms.add(histogram);
        }
      }
    }
    return new ResultDirectory(dir, summary, List.copyOf(rows), List.copyOf(histograms));
  }

  private static double d(CSVRecord r, String column) {
    return Double.parseDouble(r.get(column));
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
    JsonNode n = summary.path("responseTimeMs").get(key);
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
