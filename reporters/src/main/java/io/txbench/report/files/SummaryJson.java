package io.txbench.report.files;

import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.run.Setup;
import io.txbench.core.spi.Answer;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.values.Credentials;
import io.txbench.core.telemetry.Fingerprint;
import io.txbench.core.thresholds.ThresholdVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.LongToDoubleFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

/** {@code summary.json}: one object a script can read to compare runs, a {@link SummaryFile}. */
public final class SummaryJson {
  public static final String FILE = "summary.json";

  private SummaryJson() {}

  /**
   * Writes (or replaces) summary.json in {@code directory}, a failed write leaving the old one;
   * every string of text from outside (an error's message) passed through {@code mask} (the run's
   * credentials); see {@link SummaryFile#write}. {@code setup} is what the setup before the run did
   * to the data; null when the run used data loaded before.
   */
  public static void write(
      Path directory, RunSummary summary, @Nullable Setup setup, UnaryOperator<String> mask)
      throws IOException {
    // The server's rows and txbench's queries: no password stands there but in a URL's shape.
    AnswersFile.write(directory, summary.verification().answers(), Credentials::maskShapes);
    of(summary, setup).write(directory.resolve(FILE), mask);
  }

  /**
   * A run's summary as summary.json holds it: seconds and ms rounded, classes by label; {@code
   * setup}, what the setup before the run did, null when none ran.
   */
  public static SummaryFile of(RunSummary s, @Nullable Setup setup) {
    RunResult r = s.result();
    return new SummaryFile(
        identity(s),
        window(s),
        outcomes(r),
        new SummaryFile.Breakdown(
            percentiles(r.latencies().responseTimes()),
            percentiles(r.latencies().serviceTimes()),
            percentiles(r.latencies().scheduleLags()),
            queries(r),
            operations(r),
            SummaryStatement.of(r.breakdown().statements())),
        new SummaryFile.Environment(
            client(r),
            fingerprint(s.site().fingerprint()),
            r.telemetry().commits().map(SummaryCommits::of).orElse(null),
            r.telemetry().equals(TelemetryFindings.NONE)
                ? null
                : SummaryTelemetry.of(r.telemetry())),
        new SummaryFile.Checks(
            verdict(s.verification()),
            s.thresholds().isEmpty()
                ? null
                : s.thresholds().stream().map(SummaryJson::threshold).toList(),
            s.writeFailures().isEmpty(),
            s.writeFailures()),
        new SummaryFile.Provenance(
            s.options(),
            OptionRoles.written(s.optionRoles()),
            setup(setup),
            null,
            null,
            s.resultDirectory()));
  }

  private static SummaryFile.Identity identity(RunSummary s) {
    return new SummaryFile.Identity(
        "txbench",
        s.toolVersion(),
        s.site().target(),
        s.site().serverVersion(),
        s.site().driver(),
        s.site().embedded(),
        s.site().server(),
        s.site().workload(),
        s.site().transactions(),
        s.parallelism());
  }

  /**
   * The warmup and the window in seconds to the millisecond, and what the window cost when the run
   * was given a price: per million of the iterations tps counts.
   */
  private static SummaryFile.Window window(RunSummary s) {
    RunResult r = s.result();
    HourlyCost cost = s.cost();
    return new SummaryFile.Window(
        SummaryFile.round(s.warmup().length().toNanos() / 1e9, 3),
        s.warmup().verdict(),
        r.window().start(),
        r.window().end(),
        SummaryFile.round(r.window().seconds(), 3),
        r.window().stopReason().name(),
        SummaryFile.stoppedBeforeMeasuring(
            r.window().stopReason().name(),
            r.outcomes().iterations(),
            r.outcomes().errors(),
            r.outcomes().inDoubt()),
        cost == null ? null : cost.summary(r.outcomes().inWindow(), r.window().seconds()));
  }

  /** The counts, tps to 2 decimals, classes and causes by label. */
  private static SummaryFile.Outcomes outcomes(RunResult r) {
    return new SummaryFile.Outcomes(
        r.outcomes().iterations(),
        r.outcomes().lateIterations(),
        r.outcomes().declined(),
        SummaryFile.round(r.tps(), 2),
        r.outcomes().inDoubt(),
        byLabel(r.outcomes().inDoubtByCause(), InDoubtCause::label),
        r.outcomes().skipped(),
        r.outcomes().retries(),
        byLabel(r.outcomes().retriesByClass(), ErrorClass::label),
        r.outcomes().errors(),
        r.outcomes().partialErrors(),
        byLabel(r.outcomes().errorsByClass(), ErrorClass::label));
  }

  private static SummaryFile.Verdict verdict(Verification v) {
    return new SummaryFile.Verdict(
        v.status().label(),
        v.passed(),
        v.cause(),
        v.figures(),
        v.anomalies(),
        v.notes(),
        v.answers().isEmpty() ? null : io.txbench.core.spi.Answer.PRECISION,
        // The answers by query, in the order they ran; null when verify recorded none.
        v.answers().isEmpty()
            ? null
            : v.answers().stream()
                .collect(
                    Collectors.toMap(
                        Answer::query, AnswerSummary::of, (a, b) -> b, LinkedHashMap::new)));
  }

  /** The setup as summary.json holds it, seconds to the millisecond; null when none ran. */
  private static SummaryFile.@Nullable Setup setup(@Nullable Setup setup) {
    return setup == null
        ? null
        : new SummaryFile.Setup(
            setup.grown(),
            setup.notGrown(),
            setup.rows(),
            setup.addedRows(),
            SummaryFile.round(setup.took().toNanos() / 1e9, 3));
  }

  /**
   * A threshold's verdict, its figure to 6 decimals (a nanosecond in ms, a microsecond in s), left
   * out when it could not be measured.
   */
  static SummaryFile.Threshold threshold(ThresholdVerdict t) {
    return new SummaryFile.Threshold(
        t.expression(),
        Double.isNaN(t.measured()) ? null : SummaryFile.round(t.measured(), 6),
        t.unit(),
        t.passed(),
        t.whyNotMeasured().orElse(null));
  }

  /** The fingerprint as summary.json holds it; null when it is not known. */
  static SummaryFile.@Nullable Fingerprint fingerprint(@Nullable Fingerprint f) {
    if (f == null) {
      return null;
    }
    Fingerprint.Host h = f.client();
    return new SummaryFile.Fingerprint(
        h == null
            ? null
            : new SummaryFile.Host(
                h.hostname(),
                h.cpuModel(),
                h.cores(),
                h.memoryBytes(),
                h.os(),
                h.jvm(),
                h.machineVendor(),
                h.machineProduct()),
        f.server().isEmpty() ? null : f.server());
  }

  /** The statements counted, and their rates; null for a workload that counts none. */
  static SummaryFile.@Nullable QueryCounts queries(RunResult r) {
    Queries q = r.breakdown().queries();
    return q.any() ? queryCounts(q.reads(), q.writes(), q.others(), q.total(), r::qps) : null;
  }

  /** The statements counted, and their rates to 2 decimals by {@code perSecond}. */
  public static SummaryFile.QueryCounts queryCounts(
      long reads, long writes, long others, long total, LongToDoubleFunction perSecond) {
    return new SummaryFile.QueryCounts(
        reads,
        writes,
        others,
        total,
        SummaryFile.round(perSecond.applyAsDouble(total), 2),
        SummaryFile.round(perSecond.applyAsDouble(reads), 2),
        SummaryFile.round(perSecond.applyAsDouble(writes), 2),
        SummaryFile.round(perSecond.applyAsDouble(others), 2));
  }

  /** Each operation of a mix, in the workload's order; null for a workload that is none. */
  static @Nullable Map<String, SummaryFile.Operation> operations(RunResult r) {
    if (r.breakdown().operations().isEmpty()) {
      return null;
    }
    Map<String, SummaryFile.Operation> ops = new LinkedHashMap<>();
    r.breakdown()
        .operations()
        .forEach(
            (name, op) -> {
              SummaryFile.Percentiles times = percentiles(op.responseTimes());
              ops.put(
                  name,
                  new SummaryFile.Operation(
                      op.count(),
                      op.declined(),
                      op.errors(),
                      op.inDoubt(),
                      SummaryFile.round(r.qps(op.count()), 2),
                      times.mean(),
                      times.p50(),
                      times.p95(),
                      times.p99(),
                      times.p999(),
                      times.max()));
            });
    return ops;
  }

  /** What the client used over the window, the figures it could not measure left out. */
  static SummaryFile.Client client(RunResult r) {
    ClientUsage c = r.client();
    return new SummaryFile.Client(
        c.cores(),
        rounded(c.cpuCores(), 3),
        rounded(c.cpuPercentOfMachine(), 1),
        rounded(r.cpuMicrosPerIteration(), 2),
        c.gcCount(),
        c.gcMillis(),
        rounded(c.machineCpuPercent(), 1),
        r.bottleneck().orElse(null));
  }

  private static @Nullable Double rounded(OptionalDouble figure, int decimals) {
    return figure.isPresent() ? SummaryFile.round(figure.getAsDouble(), decimals) : null;
  }

  /** {@code h}'s mean, percentiles and max in ms, 0 when it is empty. */
  public static SummaryFile.Percentiles percentiles(Histogram h) {
    // An empty histogram's mean, percentiles and max are 0.
    return new SummaryFile.Percentiles(
        ms(h.getMean()),
        ms(h.getValueAtPercentile(50)),
        ms(h.getValueAtPercentile(75)),
        ms(h.getValueAtPercentile(90)),
        ms(h.getValueAtPercentile(95)),
        ms(h.getValueAtPercentile(99)),
        ms(h.getValueAtPercentile(99.9)),
        ms(h.getMaxValue()));
  }

  private static double ms(long nanos) {
    return ms((double) nanos);
  }

  private static double ms(double nanos) {
    return SummaryFile.round(nanos / 1e6, 3);
  }

  private static <K> Map<String, Long> byLabel(Map<K, Long> counts, Function<K, String> label) {
    Map<String, Long> m = new LinkedHashMap<>();
    counts.forEach((k, v) -> m.put(label.apply(k), v));
    return m;
  }
}
