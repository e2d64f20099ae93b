package io.txbench.report.html;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.ThresholdVerdict;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.HistogramLog;
import io.txbench.report.files.IntervalsCsv;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.ServerCsv;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * Run directories for the report's tests, written by txbench's own writers (intervals.csv,
 * histogram.hlog, summary.json) from made-up but lifelike periods: a throughput that wobbles and
 * dips, response times spread like a real server's (a long tail), failures only where asked; and a
 * server.csv as telemetry writes it (DESIGN-16 contract 1), for PostgreSQL-, MySQL- or
 * MongoDB-emulator-like servers.
 */
final class ReportFixture {
  /** What one run is: its target and workload, level, length, figures and options. */
  record Run(
      String name,
      String target,
      String workload,
      int parallelism,
      long startMillis,
      int seconds,
      double tps,
      double medianMs,
      boolean failures,
      Map<String, Object> options,
      Server server,
      String warning) {

    /** A run without a warning of its client's. */
    Run(
        String name,
        String target,
        String workload,
        int parallelism,
        long startMillis,
        int seconds,
        double tps,
        double medianMs,
        boolean failures,
        Map<String, Object> options,
        Server server) {
      this(
          name,
          target,
          workload,
          parallelism,
          startMillis,
          seconds,
          tps,
          medianMs,
          failures,
          options,
          server,
          "");
    }
  }

  /** Which server.csv the run has, if any. */
  enum Server {
    NONE,
    POSTGRES,
    MYSQL,
    EMULATOR
  }

  private ReportFixture() {}

  /** Each of {@code runs} written under {@code dir}, and read back as the report reads it. */
  static List<io.txbench.report.files.ResultDirectory> load(Path dir, List<Run> runs)
      throws IOException {
    List<io.txbench.report.files.ResultDirectory> loaded = new ArrayList<>();
    for (Run run : runs) {
      loaded.add(io.txbench.report.files.ResultDirectory.load(write(dir, run)));
    }
    return loaded;
  }

  static Path write(Path dir, Run run) throws IOException {
    Path out = Files.createDirectories(dir.resolve(run.name()));
    Random random = new Random(run.name().hashCode());
    IntervalsCsv csv = new IntervalsCsv(out, List.of());
    HistogramLog log = new HistogramLog(out, false);
    log.onStart(run.startMillis(), run.parallelism());
    Histogram total = new Histogram(3);
    long retries = 0;
    long errors = 0;
    long inDoubt = 0;
    long period = periodMillis(run);
    long window = run.seconds() * 1000L;
    // As the engine reports: whole periods, then what is left of the window, if anything.
    int periods = (int) ((window + period - 1) / period);
    for (int s = 0; s < periods; s++) {
      long from = s * period;
      long length = Math.min(window, from + period) - from;
      Histogram h = new Histogram(3);
      h.setStartTimeStamp(run.startMillis() + from);
      h.setEndTimeStamp(run.startMillis() + from + length);
      double dip = s == periods / 2 ? 0.6 : 1.0; // a checkpoint's stall, say
      long count =
          Math.round(run.tps() * length / 1000.0 * dip * (0.92 + 0.16 * random.nextDouble()));
      for (long i = 0; i < count; i++) {
        double ms = run.medianMs() * Math.exp(0.45 * random.nextGaussian());
        if (random.nextInt(2000) == 0) {
          ms *= 15; // the tail
        }
        h.recordValue(Math.max(1000, Math.round(ms * 1e6)));
      }
      total.add(h);
      long r = run.failures() ? random.nextInt(4) : 0;
      long e = run.failures() && s % 7 == 3 ? 1 : 0;
      long d = run.failures() && s == 2 ? 1 : 0;
      retries += r;
      errors += e;
      inDoubt += d;
      IntervalStats stats =
          new IntervalStats(
              (from + length) * 1_000_000L,
              length * 1_000_000L,
              h,
              h,
              r,
              e,
              d,
              0,
              FakeRuns.usage(length * 1_000_000L),
              run.parallelism(),
              s + 1 == periods,
              Breakdown.NONE);
      csv.onInterval(stats);
      log.onInterval(stats);
    }
    RunResult result = result(run, total, retries, errors, inDoubt);
    csv.onEnd(result);
    log.onEnd(result);
    SummaryJson.write(
        out,
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                run.target(),
                switch (run.target()) {
                  case "postgres" -> "PostgreSQL 17.2";
                  case "mongo" -> "mongo-java-server emulator (reports MongoDB 7.0.0)";
                  default -> "MariaDB 11.4.5";
                },
                run.target() + " driver 1.0",
                run.server() == Server.EMULATOR || run.target().equals("postgres"),
                run.target().equals("postgres")
                    ? "embedded PostgreSQL on localhost:39211"
                    : "127.0.0.1:3306",
                null,
                run.workload(),
                true,
                false),
            run.parallelism(),
            WarmUp.fixed(java.time.Duration.ofSeconds(2)),
            run.options(),
            Map.of(),
            result,
            Verification.of(Map.of(), List.of()),
            List.of(
                new ThresholdVerdict(
                    "p99<50ms",
                    total.getValueAtPercentile(99) / 1e6,
                    "ms",
                    true,
                    Optional.empty())),
            out.toString(),
            List.of(),
            null),
        null,
        UnaryOperator.identity());
    if (run.server() != Server.NONE) {
      serverCsv(out, run, random);
    }
    return out;
  }

  /** The run's metrics period, as its options record it: 1 s where they do not. */
  private static long periodMillis(Run run) {
    Object metrics = run.options().get("metrics");
    return metrics == null ? 1000 : java.time.Duration.parse(metrics.toString()).toMillis();
  }

  private static RunResult result(
      Run run, Histogram total, long retries, long errors, long inDoubt) {
    Map<ErrorClass, Long> byClass = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      byClass.put(c, 0L);
    }
    byClass.put(ErrorClass.SERIALIZATION, retries);
    Map<ErrorClass, Long> errorsByClass = new EnumMap<>(byClass);
    errorsByClass.put(ErrorClass.SERIALIZATION, errors);
    Map<InDoubtCause, Long> causes = new EnumMap<>(InDoubtCause.class);
    causes.put(InDoubtCause.REPLY_LOST, inDoubt);
    causes.put(InDoubtCause.ABANDONED, 0L);
    long nanos = run.seconds() * 1_000_000_000L;
    return new RunResult(
        new MeasuredWindow(
            Instant.ofEpochMilli(run.startMillis()),
            Instant.ofEpochMilli(run.startMillis() + run.seconds() * 1000L),
            nanos,
            StopReason.DURATION_ELAPSED),
        new Outcomes(
            total.getTotalCount(),
            0,
            0,
            retries,
            errors,
            0,
            inDoubt,
            0,
            byClass,
            errorsByClass,
            causes),
        new Latencies(total, total, new Histogram(3)),
        new ClientUsage(nanos, 4, OptionalLong.of(nanos / 2), 1, 2, OptionalDouble.of(40)),
        run.warning().isEmpty() ? Optional.empty() : Optional.of(run.warning()),
        Breakdown.NONE,
        Map.of(),
        TelemetryFindings.NONE);
  }

  /**
   * A server.csv as contract 1 has it: t and period_s, the machine's columns, the server processes'
   * (not for the emulator, which is txbench's own process), and the server's counters; the third
   * period's sample failed (its server columns empty).
   */
  static void serverCsv(Path dir, Run run, Random random) throws IOException {
    List<String> header =
        new ArrayList<>(
            List.of(
                "t",
                "period_s",
                "cpu_user_pct",
                "cpu_system_pct",
                "cpu_iowait_pct",
                "cpu_steal_pct",
                "mem_used_mb",
                "mem_available_mb",
                "net_rx_bytes",
                "net_tx_bytes",
                "net_lo_bytes",
                "disk_sda_reads",
                "disk_sda_writes",
                "disk_sda_read_bytes",
                "disk_sda_write_bytes"));
    if (run.server() != Server.EMULATOR) {
      header.addAll(List.of("server_cpu_cores", "server_read_bytes", "server_write_bytes"));
    }
    List<String> counters =
        switch (run.server()) {
          case POSTGRES ->
              List.of(
                  "db_xact_commit",
                  "db_xact_rollback",
                  "db_blks_read",
                  "db_blks_hit",
                  "db_tup_inserted",
                  "db_deadlocks",
                  "db_wal_bytes");
          case MYSQL ->
              List.of(
                  "db_questions",
                  "db_com_commit",
                  "db_innodb_rows_read",
                  "db_innodb_buffer_pool_reads",
                  "db_innodb_row_lock_waits",
                  "db_innodb_data_fsyncs");
          default ->
              List.of(
                  "db_opcounters_insert",
                  "db_transactions_committed",
                  "db_write_conflicts",
                  "db_wt_cache_bytes",
                  "db_globallock_queue_writers");
        };
    header.addAll(counters);
    StringBuilder csv = new StringBuilder(String.join(",", header)).append('\n');
    double load = run.tps() / 1000.0;
    long period = periodMillis(run);
    int samples = (int) (run.seconds() * 1000L / period);
    for (int s = 0; s < samples; s++) {
      List<String> row = new ArrayList<>(List.of(f((s + 1) * period / 1000.0), f(period / 1000.0)));
      double wobble = 0.9 + 0.2 * random.nextDouble();
      row.addAll(
          List.of(
              f(Math.min(95, 12 * load * wobble)),
              f(Math.min(40, 4 * load * wobble)),
              f(s == samples / 2 ? 9.5 : 0.8 * wobble),
              "0.0",
              f(2100 + 3 * s),
              f(5800 - 3 * s),
              f(2000 * wobble),
              f(1500 * wobble),
              f(180_000 * load * wobble),
              f(s == samples / 2 ? 40 : 2 * wobble),
              f(30 * load * wobble),
              f(s == samples / 2 ? 5_000_000 : 40_000 * wobble),
              f(900_000 * load * wobble)));
      if (run.server() != Server.EMULATOR) {
        row.addAll(List.of(f(0.8 * load * wobble), f(12_000 * wobble), f(850_000 * load * wobble)));
      }
      for (String c : counters) {
        boolean failed = s == 2;
        boolean zero =
            c.contains("deadlocks") || c.contains("lock_waits") || c.contains("conflicts");
        row.add(
            failed
                ? ""
                : zero
                    ? "0"
                    : f(
                        c.contains("cache_bytes")
                            ? 5e8
                            : run.tps() * wobble * (c.contains("blks_hit") ? 9 : 1)));
      }
      csv.append(String.join(",", row)).append('\n');
    }
    Files.writeString(dir.resolve(ServerCsv.FILE), csv.toString());
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  /**
   * {@code count} runs of a sweep: two targets, table sizes and parallelism levels, in the order
   * they ran, with server.csv of either server; {@code count} of 1, 2 or 30 gives one run, two of
   * one target at two levels (one with failures), or 2 targets x 3 table sizes x 5 levels.
   */
  static List<Run> sweep(int count) {
    List<Run> runs = new ArrayList<>();
    long start = 1_760_000_000_000L;
    List<String> targets = count >= 30 ? List.of("postgres", "mysql") : List.of("postgres");
    List<Integer> sizes = count >= 30 ? List.of(10_000, 100_000, 1_000_000) : List.of(100_000);
    List<Integer> levels =
        count >= 30 ? List.of(1, 2, 4, 8, 16) : count == 2 ? List.of(4, 16) : List.of(8);
    for (String target : targets) {
      for (int size : sizes) {
        for (int p : levels) {
          Map<String, Object> options = new java.util.LinkedHashMap<>();
          options.put("duration", "PT20S");
          options.put("rate", null);
          options.put("sql-isolation-level", "REPEATABLE_READ");
          options.put("table-size", size);
          options.put("metrics", "PT1S");
          options.put("seed", 42);
          runs.add(
              new Run(
                  target + "-point-select-table-size" + size + "-p" + p,
                  target,
                  "point-select",
                  p,
                  start,
                  20,
                  Math.min(p, 6)
                      * 400
                      * (target.equals("postgres") ? 1.0 : 0.8)
                      / Math.log10(size / 100.0),
                  0.4 * Math.log10(size / 1000.0) * (p > 6 ? p / 6.0 : 1),
                  p == 16,
                  options,
                  target.equals("postgres") ? Server.POSTGRES : Server.MYSQL));
          start += 25_000;
        }
      }
    }
    return runs;
  }
}
