package io.txbench.report.history;

import io.txbench.report.files.ResultFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One export asked for ({@code bencher=bencher.json}): the latest run of each series, named by the
 * series in words, in {@code format}, written to {@code file}.
 */
public record Export(ExportFormat format, Path file) {

  /** {@code FORMAT=FILE}; the exception's message says what is wrong, in one line. */
  public static Export parse(String spec) {
    int equals = spec.indexOf('=');
    if (equals <= 0 || equals == spec.length() - 1) {
      throw new IllegalArgumentException(
          "an export is FORMAT=FILE, with FORMAT one of "
              + ExportFormat.names()
              + ", not '"
              + spec
              + "'");
    }
    return new Export(
        ExportFormat.named(spec.substring(0, equals)), Path.of(spec.substring(equals + 1)));
  }

  /** Writes the latest run of each of {@code series} to {@link #file}. */
  public void write(List<Series> series) throws IOException {
    ResultFiles.writeJson(file, document(series));
  }

  /** What {@link #write} writes, as maps and lists for Jackson. */
  Object document(List<Series> series) {
    if (format == ExportFormat.BENCHER) {
      Map<String, Object> benchmarks = new LinkedHashMap<>();
      for (Series s : series) {
        Map<String, Object> measures = new LinkedHashMap<>();
        measures.put("throughput", Map.of("value", s.latest().tps()));
        measures.put("latency", Map.of("value", s.latest().p99Ms() * 1e6)); // in ns
        benchmarks.put(s.key().words(), measures);
      }
      return benchmarks;
    }
    boolean bigger = format == ExportFormat.GITHUB_BIGGER;
    return series.stream()
        .map(
            s -> {
              Map<String, Object> entry = new LinkedHashMap<>();
              entry.put("name", s.key().words());
              entry.put("unit", bigger ? "tps" : "ms");
              entry.put("value", bigger ? s.latest().tps() : s.latest().p99Ms());
              entry.put("extra", extra(s));
              return entry;
            })
        .toList();
  }

  /** What github-action-benchmark shows beside the value: both figures, the run, its verdict. */
  private static String extra(Series s) {
    HistoryRun latest = s.latest();
    return HistoryText.number(latest.tps())
        + " tps, p99 "
        + HistoryText.number(latest.p99Ms())
        + " ms; run of "
        + latest.start()
        + ", verification "
        + latest.verdict()
        + ", "
        + latest.summary().getParent();
  }
}
