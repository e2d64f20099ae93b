package io.txbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Combines runs made at the same time by several client machines (the same workload on the same
 * target) into one result: the counts add up over the clients' common window (see {@link
 * ClientWindows} for what is refused and what the window is), and the response-time histograms of
 * each period merge exactly, aligned by wall-clock time.
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
      SummaryFile a = first.summary();
      SummaryFile b = r.summary();
      if (!b.workload().equals(a.workload()) || !b.target().equals(a.target())) {
        throw new IOException(
            "only runs of the same workload on the same target merge: "
                + first.label()
                + " is "
                + a.workload()
                + " on "
                + a.target()
                + ", "
                + r.label()
                + " is "
                + b.workload()
                + " on "
                + b.target());
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
    try (PrintStream out =
        new PrintStream(output.resolve(HistogramLog.FILE).toFile(), StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("txbench merged response times in nanoseconds");
      writer.outputLogFormatVersion();
      writer.outputStartTime(origin);
      writer.setBaseTime(origin);
      writer.outputLegend();
      buckets.forEach(writer::outputIntervalHistogram);
    }
  }

  private static void writeIntervals(
      Path output, long period, List<Histogram> buckets, List<long[]> retriesErrors)
      throws IOException {
    IntervalsCsv csv = new IntervalsCsv(output);
    for (int i = 0; i < buckets.size(); i++) {
      long[] counts = retriesErrors.get(i);
      csv.write(
          IntervalRow.merged(
              (i + 1) * period * 1_000_000L,
              period * 1_000_000L,
              buckets.get(i),
              counts[0],
              counts[1],
              counts[2],
              counts[3])); // no client figures: see writeSummary
    }
    csv.onEnd(null);
  }

  private static void writeSummary(
      Path output, List<ResultDirectory> runs, ClientWindows windows, List<Histogram> buckets)
      throws IOException {
    SummaryFile first = runs.get(0).summary();
    List<SummaryFile> summaries = runs.stream().map(ResultDirectory::summary).toList();
    Histogram total = new Histogram(3);
    buckets.forEach(total::add);
    long iterations = sum(summaries, SummaryFile::iterations);
    List<SummaryFile.Source> sources =
        runs.stream()
            .map(
                r ->
                    new SummaryFile.Source(
                        r.path().toString(),
                        r.summary().start(),
                        r.summary().end(),
                        r.summary().iterations(),
                        r.summary().tps(),
                        r.summary().verdict(),
                        r.summary().client()))
            .toList();
    boolean where = summaries.stream().anyMatch(s -> s.embedded() != null);
    SummaryFile merged =
        new SummaryFile(
            first.tool(),
            first.toolVersion(),
            first.target(),
            first.serverVersion(),
            first.driver(),
            where ? embedded(summaries) : null,
            where ? servers(summaries) : first.server(),
            first.workload(),
            first.transactions(),
            sum(summaries, SummaryFile::parallelism),
            first.warmupSeconds(),
            windows.start().toString(),
            windows.end().toString(),
            SummaryFile.round(windows.seconds(), 3),
            first.stopReason(),
            false, // of measured runs only (RunSet leaves the others out)
            iterations,
            sum(summaries, s -> SummaryFile.orZero(s.iterationsAfterWindow())),
            sum(summaries, s -> SummaryFile.orZero(s.declined())),
            // Over the merged window, not a sum of the clients' own: that would hold only if they
            // ran exactly together.
            SummaryFile.round(iterations / windows.seconds(), 2),
            sum(summaries, s -> SummaryFile.orZero(s.inDoubt())),
            sums(summaries, SummaryFile::inDoubtByCause),
            sum(summaries, s -> SummaryFile.orZero(s.skipped())),
            sum(summaries, SummaryFile::retries),
            sums(summaries, SummaryFile::retriesByClass),
            sum(summaries, SummaryFile::errors),
            sum(summaries, s -> SummaryFile.orZero(s.errorsWithPartialEffects())),
            sums(summaries, SummaryFile::errorsByClass),
            SummaryJson.percentiles(total),
            null,
            null,
            queries(summaries, windows.seconds()),
            // A mix's operations: their percentiles are not in the files a merge reads.
            null,
            // Each client measured its own machine: their cores and CPU do not add up to a figure
            // of the merge (nor do the machines' CPU use), so the merge has none, and each
            // client's figures and warning stay with it in mergedFrom.
            null,
            // The clients' machines may differ; each source's own summary keeps its fingerprint.
            null,
            // Each client's commit check counted the others' commits too; each keeps its own.
            null,
            null,
            // Each client's verify saw the others' rows too: only the sources' own verdicts are
            // kept.
            new SummaryFile.Verdict(
                "not run", false, "a merge of several clients: see mergedFrom", null, null, null),
            null,
            first.resultFilesComplete(),
            first.resultFileFailures(),
            first.options(),
            null, // each client set up (or attached to) the data on its own
            SummaryFile.round(windows.overlapSeconds(), 3),
            sources,
            output.toString());
    merged.write(output.resolve(SummaryJson.FILE), UnaryOperator.identity());
  }

  /**
   * The statements the clients counted, added up, their rates over the merged window; null when
   * none of them counted any.
   */
  private static SummaryFile.QueryCounts queries(List<SummaryFile> summaries, double seconds) {
    List<SummaryFile.QueryCounts> counted =
        summaries.stream().map(SummaryFile::queries).filter(Objects::nonNull).toList();
    if (counted.isEmpty()) {
      return null;
    }
    long reads = counted.stream().mapToLong(SummaryFile.QueryCounts::reads).sum();
    long writes = counted.stream().mapToLong(SummaryFile.QueryCounts::writes).sum();
    long others = counted.stream().mapToLong(SummaryFile.QueryCounts::others).sum();
    long total = reads + writes + others;
    return new SummaryFile.QueryCounts(
        reads,
        writes,
        others,
        total,
        SummaryFile.round(total / seconds, 2),
        SummaryFile.round(reads / seconds, 2),
        SummaryFile.round(writes / seconds, 2),
        SummaryFile.round(others / seconds, 2));
  }

  private static long sum(List<SummaryFile> summaries, ToLongFunction<SummaryFile> count) {
    return summaries.stream().mapToLong(count).sum();
  }

  /** Counts by class or cause added up, each class once, in the order they first come. */
  private static Map<String, Long> sums(
      List<SummaryFile> summaries, Function<SummaryFile, Map<String, Long>> counts) {
    Map<String, Long> sums = new LinkedHashMap<>();
    summaries.stream()
        .map(counts)
        .filter(Objects::nonNull)
        .forEach(c -> c.forEach((k, v) -> sums.merge(k, SummaryFile.orZero(v), Long::sum)));
    return sums;
  }

  /**
   * Where the clients ran: embedded when any of them ran on a server txbench started itself, and
   * each server once. Summaries written before txbench recorded it leave both out.
   */
  private static boolean embedded(List<SummaryFile> summaries) {
    return summaries.stream().anyMatch(s -> Boolean.TRUE.equals(s.embedded()));
  }

  private static String servers(List<SummaryFile> summaries) {
    return String.join(
        "; ",
        summaries.stream()
            .map(SummaryFile::server)
            .filter(s -> s != null && !s.isEmpty())
            .distinct()
            .toList());
  }
}
