package io.txbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Combines runs made at the same time by several client machines (the same workload on the same
 * target) into one result: the counts add up over the clients' common window (see {@link
 * ClientWindows} for what is refused and what the window is), and the response-time histograms
 * of each period merge exactly, aligned by wall-clock time.
 */
public final class RunMerger {
  private RunMerger() {}

  /**
   * Whether {@code runs} merge, and their windows; the exception's message is one line that says
   * why they do not. Nothing is written.
   */
  public static ClientWindows check(List<ResultDirectory> runs) throws IOException {
    ResultDirectory first = runs.get(0);
    for (ResultDirectory r : runs) {
      if (!r.text("workload").equals(first.text("workload"))
          || !r.text("target").equals(first.text("target"))) {
        throw new IOException("only runs of the same workload on the same target merge: "
            + first.label() + " is " + first.text("workload") + " on " + first.text("target")
            + ", " + r.label() + " is " + r.text("workload") + " on " + r.text("target"));
      }
      r.withHistograms();
    }
    return ClientWindows.of(runs);
  }

  /**
   * Writes the merged result into {@code output}: summary.json, intervals.csv, histogram.hlog;
   * checks first, as {@link #check} does, and writes nothing if they do not merge.
   */
  public static ClientWindows merge(List<ResultDirectory> runs, Path output) throws IOException {
    ClientWindows windows = check(runs);
    Files.createDirectories(output);
    long period = windows.period().toMillis();
    long origin = windows.start().toEpochMilli();
    List<Histogram> buckets = new ArrayList<>();
    List<long[]> retriesErrors = new ArrayList<>();
    for (ResultDirectory r : runs) {
      // A client's periods follow its own start: shifted by it, they land on wall-clock time.
      int first = windows.firstPeriod(r);
      int periods = Math.max(r.histograms().size(), r.intervals().size());
      while (buckets.size() < first + periods) {
        buckets.add(new Histogram(3));
        retriesErrors.add(new long[4]);
      }
      for (int i = 0; i < r.histograms().size(); i++) {
        buckets.get(first + i).add(r.histograms().get(i));
      }
      for (int i = 0; i < r.intervals().size(); i++) {
        retriesErrors.get(first + i)[0] += r.intervals().get(i).retries();
        retriesErrors.get(first + i)[1] += r.intervals().get(i).errors();
        retriesErrors.get(first + i)[2] += r.intervals().get(i).inDoubt();
        retriesErrors.get(first + i)[3] += r.intervals().get(i).declined();
      }
    }
    for (int i = 0; i < buckets.size(); i++) {
      // Adding a histogram widens the time stamps to its own: each period is set to its place.
      buckets.get(i).setStartTimeStamp(origin + i * period);
      buckets.get(i).setEndTimeStamp(origin + (i + 1) * period);
    }
    writeLog(output, origin, buckets);
    writeIntervals(output, period, buckets, retriesErrors);
    writeSummary(output, runs, windows, buckets);
    return windows;
  }

  private static void writeLog(Path output, long origin, List<Histogram> buckets)
      throws IOException {
    try (PrintStream out = new PrintStream(output.resolve(HistogramLog.FILE).toFile(),
        StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("txbench merged response times in nanoseconds");
      writer.outputLogFormatVersion();
      writer.outputStartTime(origin);
      writer.setBaseTime(origin);
      writer.outputLegend();
      buckets.forEach(writer::outputIntervalHistogram);
    }
  }

  private static void writeIntervals(Path output, long period, List<Histogram> buckets,
      List<long[]> retriesErrors) throws IOException {
    IntervalsCsv csv = new IntervalsCsv(output);
    for (int i = 0; i < buckets.size(); i++) {
      csv.onInterval(new io.txbench.core.IntervalStats((i + 1) * period * 1_000_000L,
          period * 1_000_000L, buckets.get(i), buckets.get(i), retriesErrors.get(i)[0],
          retriesErrors.get(i)[1], retriesErrors.get(i)[2], retriesErrors.get(i)[3], 0,
          i + 1 == buckets.size()));
    }
    csv.onEnd(null);
  }

  private static void writeSummary(Path output, List<ResultDirectory> runs,
      ClientWindows windows, List<Histogram> buckets) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode merged = runs.get(0).summary().deepCopy();
    Histogram total = new Histogram(3);
    buckets.forEach(total::add);
    long parallelism = 0;
    long iterations = 0;
    ArrayNode sources = mapper.createArrayNode();
    for (ResultDirectory r : runs) {
      parallelism += r.summary().path("parallelism").asLong();
      iterations += r.summary().path("iterations").asLong();
      sources.add(mapper.createObjectNode().put("directory", r.path().toString())
          .put("start", r.text("start")).put("end", r.text("end"))
          .put("iterations", r.summary().path("iterations").asLong())
          .put("tps", r.number("tps")).put("verification", r.verification()));
    }
    merged.put("parallelism", parallelism);
    merged.put("start", windows.start().toString());
    merged.put("end", windows.end().toString());
    merged.put("measuredSeconds", Math.round(windows.seconds() * 1000) / 1000.0);
    merged.put("overlapSeconds", Math.round(windows.overlapSeconds() * 1000) / 1000.0);
    merged.put("iterations", iterations);
    // Over the merged window, not a sum of the clients' own: that would hold only if they ran
    // exactly together.
    merged.put("tps", Math.round(iterations / windows.seconds() * 100) / 100.0);
    for (String counter : List.of("retries", "errors", "skipped", "inDoubt",
        "errorsWithPartialEffects", "iterationsAfterWindow", "declined")) {
      merged.put(counter, runs.stream().mapToLong(r -> r.summary().path(counter).asLong()).sum());
    }
    for (String byClass : List.of("retriesByClass", "errorsByClass", "inDoubtByCause")) {
      ObjectNode sums = mapper.createObjectNode();
      for (ResultDirectory r : runs) {
        Iterator<Map.Entry<String, JsonNode>> fields = r.summary().path(byClass).fields();
        fields.forEachRemaining(e -> sums.put(e.getKey(),
            sums.path(e.getKey()).asLong() + e.getValue().asLong()));
      }
      merged.set(byClass, sums);
    }
    where(merged, runs);
    merged.set("responseTimeMs", mapper.valueToTree(SummaryJson.percentiles(total)));
    merged.remove(List.of("serviceTimeMs", "scheduleLagMs", "resultDirectory"));
    // Each client's verify saw the others' rows too: only the sources' own verdicts are kept.
    merged.set("verification", mapper.createObjectNode().put("status", "not run")
        .put("passed", false).put("cause", "a merge of several clients: see mergedFrom"));
    merged.set("mergedFrom", sources);
    merged.put("resultDirectory", output.toString());
    mapper.writeValue(output.resolve(SummaryJson.FILE).toFile(), merged);
  }

  /**
   * Where the clients ran: embedded when any of them ran on a server txbench started itself, and
   * each server once. Summaries written before txbench recorded it leave both out.
   */
  private static void where(ObjectNode merged, List<ResultDirectory> runs) {
    if (runs.stream().noneMatch(r -> r.summary().has("embedded"))) {
      return;
    }
    merged.put("embedded", runs.stream().anyMatch(r -> r.summary().path("embedded")
        .asBoolean()));
    merged.put("server", String.join("; ", runs.stream().map(r -> r.text("server"))
        .filter(s -> !s.isEmpty()).distinct().toList()));
  }
}
