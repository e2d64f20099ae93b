package io.txbench.report.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.report.files.SummaryFields;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
    for (String p : SummaryFields.percentiles()) {
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

  /** The same, the defaults unchanged. */
  public Path run(String series, int night, double tps, double p99) throws IOException {
    return run(series, night, tps, p99, s -> {});
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
