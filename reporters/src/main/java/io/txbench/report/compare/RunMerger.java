package io.txbench.report.compare;

import io.txbench.report.files.HistogramLog;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.IntervalRow;
import io.txbench.report.files.IntervalsCsv;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
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
import org.jspecify.annotations.Nullable;

/**
 * Combines runs made at the same time by several client machines (the same workload on the same
 * target) into one result: the counts add up over the clients' common window (see {@link
 * ClientWindows} for what is refused and what the window is), the response-time histograms of each
 * period merge exactly, aligned by wall-clock time, and the clients' prices add up ({@link
 * MergedCost}).
 */
public final class RunMerger {
  private RunMerger() {}

  /**
   * Whether {@code runs} merge, priced at {@code perClient} each (null: at the prices they
   * recorded), and their windows; the exception's message is one line that says why they do not.
   * Nothing is written.
   */
  public static ClientWindows check(List<ResultDirectory> runs, @Nullable HourlyCost perClient)
      throws IOException {
    ResultDirectory first = runs.get(0);
    for (ResultDirectory r : runs) {
      SummaryFile a = first.summary();
      SummaryFile b = r.summary();
      if (!b.identity().workload().equals(a.identity().workload())
          || !b.identity().target().equals(a.identity().target())) {
        throw new IOException(
            "only runs of the same workload on the same target merge: "
                + first.label()
                + " is "
                + a.identity().workload()
                + " on "
                + a.identity().target()
                + ", "
                + r.label()
                + " is "
                + b.identity().workload()
                + " on "
                + b.identity().target());
      }
      r.withHistograms();
    }
    MergedCost.of(runs, perClient);
    return ClientWindows.of(runs);
  }

  /**
   * Writes the merged result into {@code output}: summary.json, intervals.csv, histogram.hlog;
   * checks first, as {@link #check} does, and writes nothing if they do not merge. The merge is
   * priced at {@code perClient} each client, or (null) at the prices they recorded.
   */
  public static ClientWindows merge(
      List<ResultDirectory> runs, Path output, @Nullable HourlyCost perClient) throws IOException {
    ClientWindows windows = check(runs, perClient);
    Files.createDirectories(output);
    long period = windows.period().toMillis();
    long origin = windows.start().toEpochMilli();
    List<Histogram> buckets = new ArrayList<>();
    List<IntervalRow.Outcomes> outcomes = new ArrayList<>();
    for (ResultDirectory r : runs) {
      // A client's periods follow its own start: shifted by it, they land on wall-clock time.
      int first = windows.firstPeriod(r);
      int periods = Math.max(r.histograms().size(), r.intervals().size());
      while (buckets.size() < first + periods) {
        buckets.add(new Histogram(3));
        outcomes.add(new IntervalRow.Outcomes(0, 0, 0, 0));
      }
      for (int i = 0; i < r.histograms().size(); i++) {
        buckets.get(first + i).add(r.histograms().get(i));
      }
      for (int i = 0; i < r.intervals().size(); i++) {
        outcomes.set(first + i, outcomes.get(first + i).plus(r.intervals().get(i).outcomes()));
      }
    }
    for (int i = 0; i < buckets.size(); i++) {
      // Adding a histogram widens the time stamps to its own: each period is set to its place.
      buckets.get(i).setStartTimeStamp(origin + i * period);
      buckets.get(i).setEndTimeStamp(origin + (i + 1) * period);
    }
    writeLog(output, origin, buckets);
    writeIntervals(output, period, buckets, outcomes);
    writeSummary(output, runs, windows, buckets, MergedCost.of(runs, perClient));
    return windows;
  }

  private static void writeLog(Path output, long origin, List<Histogram> buckets)
      throws IOException {
    Path file = output.resolve(HistogramLog.FILE);
    try (PrintStream out = new PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("txbench merged response times in nanoseconds");
      writer.outputLogFormatVersion();
      writer.outputStartTime(origin);
      writer.setBaseTime(origin);
      writer.outputLegend();
      buckets.forEach(writer::outputIntervalHistogram);
      // A PrintStream keeps its errors to itself: a full disk would leave a cut log, unsaid.
      if (out.checkError()) {
        throw new IOException("cannot write " + file + ": the write failed (is the disk full?)");
      }
    }
  }

  private static void writeIntervals(
      Path output, long period, List<Histogram> buckets, List<IntervalRow.Outcomes> outcomes)
      throws IOException {
    IntervalsCsv csv = new IntervalsCsv(output, List.of());
    for (int i = 0; i < buckets.size(); i++) {
      // no client figures: see writeSummary
      csv.write(
          IntervalRow.merged(
              (i + 1) * period * 1_000_000L, period * 1_000_000L, buckets.get(i), outcomes.get(i)));
    }
    csv.close();
  }

  private static void writeSummary(
      Path output,
      List<ResultDirectory> runs,
      ClientWindows windows,
      List<Histogram> buckets,
      @Nullable HourlyCost cost)
      throws IOException {
    List<SummaryFile> summaries = runs.stream().map(ResultDirectory::summary).toList();
    SummaryFile first = summaries.get(0);
    Histogram total = new Histogram(3);
    buckets.forEach(total::add);
    SummaryFile.Outcomes outcomes =
        outcomes(summaries.stream().map(SummaryFile::outcomes).toList(), windows.seconds());
    SummaryFile merged =
        new SummaryFile(
            identity(summaries),
            new SummaryFile.Window(
                first.window().warmupSeconds(),
                first.window().warmupSettled(),
                windows.start(),
                windows.end(),
                SummaryFile.round(windows.seconds(), 3),
                first.window().stopReason(),
                false, // of measured runs only (RunSet leaves the others out)
                // Per million of the iterations the merged tps counts, over the merged window.
                cost == null ? null : cost.summary(outcomes.iterations(), windows.seconds())),
            outcomes,
            // Only the response times: the other times and a mix's operations' percentiles are
            // not in the files a merge reads.
            new SummaryFile.Breakdown(
                SummaryJson.percentiles(total),
                null,
                null,
                queries(summaries, windows),
                null,
                null),
            // Each client measured its own machine (their cores and CPU do not add up to a figure
            // of the merge), and its commit check counted the others' commits too: each client's
            // figures, warning, fingerprint and commits stay with it, in mergedFrom.
            SummaryFile.Environment.NONE,
            new SummaryFile.Checks(
                // Each client's verify saw the others' rows too: only the sources' own verdicts
                // are kept.
                new SummaryFile.Verdict(
                    "not run",
                    false,
                    "a merge of several clients: see mergedFrom",
                    null,
                    null,
                    null,
                    null,
                    null),
                null,
                first.checks().resultFilesComplete(),
                first.checks().resultFileFailures()),
            new SummaryFile.Provenance(
                first.provenance().options(),
                first.provenance().optionRoles(),
                null, // each client set up (or attached to) the data on its own
                SummaryFile.round(windows.overlapSeconds(), 3),
                runs.stream().map(RunMerger::source).toList(),
                output.toString()));
    merged.write(output.resolve(SummaryJson.FILE), UnaryOperator.identity());
  }

  /** The first client's, with the sessions of all of them and where they all ran. */
  private static SummaryFile.Identity identity(List<SummaryFile> summaries) {
    SummaryFile.Identity first = summaries.get(0).identity();
    boolean where = summaries.stream().anyMatch(s -> s.identity().embedded() != null);
    return new SummaryFile.Identity(
        first.tool(),
        first.toolVersion(),
        first.target(),
        first.serverVersion(),
        first.driver(),
        where ? embedded(summaries) : null,
        where ? servers(summaries) : first.server(),
        first.workload(),
        first.transactions(),
        summaries.stream().mapToLong(s -> s.identity().parallelism()).sum());
  }

  /** The clients' counts added up; {@code seconds}, the merged window's. */
  private static SummaryFile.Outcomes outcomes(List<SummaryFile.Outcomes> all, double seconds) {
    long iterations = sum(all, SummaryFile.Outcomes::iterations);
    return new SummaryFile.Outcomes(
        iterations,
        sum(all, o -> SummaryFile.orZero(o.iterationsAfterWindow())),
        sum(all, o -> SummaryFile.orZero(o.declined())),
        // Over the merged window, not a sum of the clients' own: that would hold only if they
        // ran exactly together.
        SummaryFile.round(iterations / seconds, 2),
        sum(all, o -> SummaryFile.orZero(o.inDoubt())),
        sums(all, SummaryFile.Outcomes::inDoubtByCause),
        sum(all, o -> SummaryFile.orZero(o.skipped())),
        sum(all, SummaryFile.Outcomes::retries),
        sums(all, SummaryFile.Outcomes::retriesByClass),
        sum(all, SummaryFile.Outcomes::errors),
        sum(all, o -> SummaryFile.orZero(o.errorsWithPartialEffects())),
        sums(all, SummaryFile.Outcomes::errorsByClass));
  }

  /** One client's run as the merge lists it in mergedFrom. */
  private static SummaryFile.Source source(ResultDirectory r) {
    SummaryFile s = r.summary();
    return new SummaryFile.Source(
        r.path().toString(),
        s.window().start(),
        s.window().end(),
        s.outcomes().iterations(),
        s.outcomes().tps(),
        s.verdict(),
        s.environment().client());
  }

  /**
   * The statements the clients counted, added up, their rates over the merged window; null when
   * none of them counted any.
   */
  private static SummaryFile.@Nullable QueryCounts queries(
      List<SummaryFile> summaries, ClientWindows windows) {
    double seconds = windows.seconds();
    List<SummaryFile.QueryCounts> counted =
        summaries.stream().map(s -> s.breakdown().queries()).filter(Objects::nonNull).toList();
    if (counted.isEmpty()) {
      return null;
    }
    long reads = counted.stream().mapToLong(SummaryFile.QueryCounts::reads).sum();
    long writes = counted.stream().mapToLong(SummaryFile.QueryCounts::writes).sum();
    long others = counted.stream().mapToLong(SummaryFile.QueryCounts::others).sum();
    return SummaryJson.queryCounts(
        reads, writes, others, reads + writes + others, count -> count / seconds);
  }

  private static long sum(
      List<SummaryFile.Outcomes> all, ToLongFunction<SummaryFile.Outcomes> count) {
    return all.stream().mapToLong(count).sum();
  }

  /** Counts by class or cause added up, each class once, in the order they first come. */
  private static Map<String, Long> sums(
      List<SummaryFile.Outcomes> all, Function<SummaryFile.Outcomes, Map<String, Long>> counts) {
    Map<String, Long> sums = new LinkedHashMap<>();
    all.stream()
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
    return summaries.stream().anyMatch(s -> Boolean.TRUE.equals(s.identity().embedded()));
  }

  private static String servers(List<SummaryFile> summaries) {
    return String.join(
        "; ",
        summaries.stream()
            .map(s -> s.identity().server())
            .filter(s -> s != null && !s.isEmpty())
            .distinct()
            .toList());
  }
}
