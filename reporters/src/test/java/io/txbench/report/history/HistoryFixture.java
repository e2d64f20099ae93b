package io.txbench.report.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * A results root as scheduled runs leave it: one directory per run, each with its summary.json (as
 * much of it as history reads), a PostgreSQL airline run at 8 threads from one client machine
 * unless a test changes a field.
 */
public final class HistoryFixture {
  static final Instant FIRST = Instant.parse("2026-01-01T02:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path root;

  public HistoryFixture(Path root) {
    this.root = root;
  }

  public Path root() {
    return root;
  }

  /** Night {@code night}'s run, {@code tps} and {@code p99} ms, changed by {@code change}. */
  public Path run(String series, int night, double tps, double p99, Consumer<ObjectNode> change)
      throws IOException {
    Instant start = FIRST.plusSeconds(86_400L * night);
    ObjectNode summary = JSON.createObjectNode();
    summary.put("tool", "txbench");
    summary.put("target", "postgres");
    summary.put("serverVersion", "PostgreSQL 17.2");
    summary.put("workload", "airline");
    summary.put("parallelism", 8);
    summary.put("start", start.toString());
    summary.put("end", start.plusSeconds(60).toString());
    summary.put("measuredSeconds", 60.0);
    summary.put("iterations", Math.round(tps * 60));
    summary.put("tps", tps);
    summary.put("retries", 0);
    summary.put("errors", 0);
    ObjectNode times = summary.putObject("responseTimeMs");
    for (String p : List.of("p50", "p95", "p99", "p999", "max")) {
      times.put(p, p.equals("p99") ? p99 : p99 / 2);
    }
    summary.putObject("verification").put("status", "passed").put("passed", true);
    ObjectNode options = summary.putObject("options");
    options.put("booking-sleep", 0);
    options.put("sql-isolation-level", "SERIALIZABLE");
    ObjectNode fingerprint = summary.putObject("fingerprint");
    fingerprint
        .putObject("client")
        .put("hostname", "vm-1")
        .put("cpuModel", "Intel Xeon Platinum 8375C")
        .put("cores", 2)
        .put("memoryBytes", 8L << 30)
        .put("os", "Linux 6.1")
        .put("jvm", "17.0.12")
        .put("machineVendor", "Amazon EC2")
        .put("machineProduct", "m6i.large");
    fingerprint.putObject("server").put("shared_buffers", "128MB").put("synchronous_commit", "on");
    change.accept(summary);
    Path dir = Files.createDirectories(root.resolve(series).resolve("night-" + night));
    JSON.writeValue(dir.resolve(SummaryJson.FILE).toFile(), summary);
    return dir;
  }

  /**
   * {@code summary} priced as a run given {@code perHour} writes it, {@code perMillion} its cost of
   * a million iterations (the fixture's window is 60 s).
   */
  static void priced(ObjectNode summary, double perHour, double perMillion) {
    summary
        .putObject("cost")
        .put("perHour", perHour)
        .put("window", perHour * 60 / 3600)
        .put("perMillionIterations", perMillion);
  }

  /** The same, the defaults unchanged. */
  public Path run(String series, int night, double tps, double p99) throws IOException {
    return run(series, night, tps, p99, s -> {});
  }

  /**
   * Four series: postgres airline at 4, 8 and 16 threads, 16 to 25 nights each, and mariadb airline
   * at 8; x16 stepped down to 60% of its tps from night 12 on (a change point) and its latest run,
   * night 24, fell to 30% (a regression).
   */
  void fourSeries() throws IOException {
    nights("p4", 16, 800, 8, 0.03, s -> s.put("parallelism", 4));
    nights("p8", 16, 1500, 12, 0.03, s -> {});
    nights("p16", 12, 3000, 20, 0.03, s -> s.put("parallelism", 16));
    java.util.Random random = new java.util.Random(16);
    for (int night = 12; night < 25; night++) {
      double tps = night < 24 ? 1800 * (1 + 0.03 * (2 * random.nextDouble() - 1)) : 900;
      double p99 = 20 * (1 + 0.03 * (2 * random.nextDouble() - 1));
      run(
          "p16",
          night,
          (double) Math.round(tps),
          Math.round(p99 * 100) / 100.0,
          s -> s.put("parallelism", 16));
    }
    nights(
        "m8",
        16,
        1200,
        14,
        0.03,
        s -> {
          s.put("target", "mariadb").put("serverVersion", "MariaDB 11.4.5");
          s.withObjectProperty("fingerprint").putObject("server").put("innodb_flush", "1");
        });
  }

  /** The series of {@link #years}, in the order their runs take turns each night. */
  static final List<String> YEARS_SERIES = yearsSeries();

  /** The series of {@link #years} that runs slower from {@link #STEP_NIGHT} on. */
  static final String STEPPED = "mariadb airline x8";

  /** From this night on, {@link #STEPPED} runs slower. */
  static final int STEP_NIGHT = 250;

  /** From this night on, {@link #years}' postgres airline x8 runs on PostgreSQL 17.4. */
  static final int UPGRADE_NIGHT = 380;

  private static List<String> yearsSeries() {
    List<String> names = new java.util.ArrayList<>();
    for (String target : List.of("postgres", "mariadb")) {
      for (String workload : List.of("airline", "point-select")) {
        for (int threads : List.of(4, 8, 16)) {
          names.add(target + " " + workload + " x" + threads);
        }
      }
    }
    return List.copyOf(names);
  }

  /**
   * {@code runs} nightly runs as a results root of more than a year looks: PostgreSQL and MariaDB,
   * airline and point-select, at 4, 8 and 16 threads, the {@link #YEARS_SERIES} taking turns each
   * night, tps and p99 off by up to 3% in a fixed pseudo-random pattern. Planted: {@link #STEPPED}
   * loses a quarter of its tps, and its p99 grows by a third, from {@link #STEP_NIGHT} on; postgres
   * airline x8 moves to PostgreSQL 17.4 from {@link #UPGRADE_NIGHT} on (a series of its own); the
   * latest run of mariadb airline x16 regressed to 60% of its tps.
   */
  void years(int runs) throws IOException {
    java.util.Random random = new java.util.Random(7);
    int count = YEARS_SERIES.size();
    for (int r = 0; r < runs; r++) {
      String name = YEARS_SERIES.get(r % count);
      String[] parts = name.split(" ");
      boolean mariadb = parts[0].equals("mariadb");
      boolean airline = parts[1].equals("airline");
      int threads = Integer.parseInt(parts[2].substring(1));
      int night = r / count;
      double scale = threads / 8.0;
      double tps = (airline ? 1500 : 12_000) * (mariadb ? 0.8 : 1) * Math.pow(scale, 0.7);
      double p99 = (airline ? 12 : 2.5) * (mariadb ? 1.2 : 1) * Math.pow(scale, 0.5);
      if (name.equals(STEPPED) && night >= STEP_NIGHT) {
        tps *= 0.75;
        p99 *= 4 / 3.0;
      }
      if (name.equals("mariadb airline x16") && r + count >= runs) {
        tps *= 0.6;
      }
      tps *= 1 + 0.03 * (2 * random.nextDouble() - 1);
      p99 *= 1 + 0.03 * (2 * random.nextDouble() - 1);
      String version =
          mariadb
              ? "MariaDB 11.4.5"
              : name.equals("postgres airline x8") && night >= UPGRADE_NIGHT
                  ? "PostgreSQL 17.4"
                  : "PostgreSQL 17.2";
      run(
          name.replace(' ', '-'),
          night,
          Math.round(tps * 100) / 100.0,
          Math.round(p99 * 1000) / 1000.0,
          s -> {
            s.put("target", parts[0]).put("workload", parts[1]).put("parallelism", threads);
            s.put("serverVersion", version);
            if (mariadb) {
              s.withObjectProperty("options").put("sql-isolation-level", "REPEATABLE_READ");
              s.withObjectProperty("fingerprint")
                  .putObject("server")
                  .put("innodb_buffer_pool_size", "128M")
                  .put("innodb_flush_log_at_trx_commit", "1");
            }
            if (!airline) {
              s.withObjectProperty("options").put("table-size", 100_000).remove("booking-sleep");
            }
          });
    }
  }

  /**
   * {@code nights} runs of one series with noise: tps about {@code tps} and p99 about {@code p99},
   * each off by up to {@code noise} (a fraction) either way, in a fixed pseudo-random pattern.
   */
  void nights(
      String series, int nights, double tps, double p99, double noise, Consumer<ObjectNode> change)
      throws IOException {
    java.util.Random random = new java.util.Random(42);
    for (int night = 0; night < nights; night++) {
      double a = 1 + noise * (2 * random.nextDouble() - 1);
      double b = 1 + noise * (2 * random.nextDouble() - 1);
      run(
          series,
          night,
          Math.round(tps * a * 100) / 100.0,
          Math.round(p99 * b * 1000) / 1000.0,
          change);
    }
  }
}
