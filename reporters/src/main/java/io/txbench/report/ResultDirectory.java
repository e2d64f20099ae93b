package io.txbench.report;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
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
    return new ResultDirectory(dir, summary(summaryFile), intervals(dir.resolve(IntervalsCsv.FILE)),
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
    for (String field : List.of("target", "workload")) {
      if (!summary.isObject() || !summary.path(field).isTextual()) {
        throw new IOException(file + " is not a txbench summary: no \"" + field + "\" in it");
      }
    }
    return summary;
  }

  private static List<IntervalRow> intervals(Path file) throws IOException {
    List<IntervalRow> rows = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return rows;
    }
    try (Reader in = Files.newBufferedReader(file)) {
      for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
          .parse(in)) {
        rows.add(new IntervalRow(d(r, "t"), Long.parseLong(r.get("count")), d(r, "tps"),
            d(r, "p50_ms"), d(r, "p95_ms"), d(r, "p99_ms"), d(r, "p999_ms"), d(r, "max_ms"),
            Long.parseLong(r.get("retries")), Long.parseLong(r.get("errors")),
            r.isMapped("in_doubt") ? Long.parseLong(r.get("in_doubt")) : 0,
            r.isMapped("declined") ? Long.parseLong(r.get("declined")) : 0));
      }
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    } catch (RuntimeException e) {
      throw new IOException(file + " is corrupt: " + firstClause(e.getMessage()), e);
    }
    return List.copyOf(rows);
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
