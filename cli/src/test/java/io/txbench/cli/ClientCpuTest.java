package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's CPU end to end, on the toy target in this JVM: a workload that keeps every core busy
 * is told that txbench itself may be limiting the result, in the console summary and in
 * summary.json; one that mostly waits gets its figures, plausible, and no warning but, when other
 * processes filled the machine meanwhile, the machine's.
 *
 * <p>A machine shared with other busy processes (a build, a benchmark) leaves the spinning workers
 * less than their cores, and then the client is rightly not said to be limiting: that test is
 * skipped, not failed, when the throughput shows the workers did not get more than half the cores.
 * The throughput bounds the client's CPU from below independently of what is under test, since each
 * iteration burns 1 ms of its worker's CPU time.
 */
class ClientCpuTest {
  private static final int CORES = Runtime.getRuntime().availableProcessors();
  private static final int SPIN_MILLIS = 1;
  private static final Pattern CPU_LINE =
      Pattern.compile(
          "\n  client cpu    (\\d+\\.\\d\\d) cores \\((\\d+)% of (\\d+)\\),"
              + " ([\\d,]+\\.\\d) us per iteration; gc \\S+ ms in \\S+ collection\\(s\\)"
              + "(; machine \\d+% busy)?\n");

  private static CliRun toy(Path out, String... options) {
    return CliRun.of(
        Stream.concat(
                Stream.of(
                    "--benchmark-target",
                    "toy",
                    "--embedded",
                    "--workload",
                    "point-select",
                    "--warmup",
                    "0s",
                    "--metrics",
                    "1s",
                    "--output-dir",
                    out.toString()),
                Stream.of(options))
            .toArray(String[]::new));
  }

  private static JsonNode summary(Path out) throws IOException {
    return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
  }

  private static JsonNode client(Path out) throws IOException {
    return summary(out).get("client");
  }

  @Test
  void aClientThatKeepsEveryCoreBusyIsToldItMayBeLimitingTheResult(@TempDir Path dir)
      throws IOException {
    Path out = dir.resolve("spin");
    CliRun run =
        toy(
            out,
            "--parallelism",
            String.valueOf(CORES),
            "--duration",
            "3s",
            "--toy-spin",
            SPIN_MILLIS + "ms");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    double spun = summary(out).get("tps").asDouble() * SPIN_MILLIS / 1e3; // cores, at least
    assumeTrue(
        spun > CORES * 0.55,
        () -> "other processes kept this machine busy: the workers got " + spun + " cores");
    assertTrue(
        run.out().contains("\n  warning       the client used ")
            && run.out()
                .contains(
                    "txbench itself may be limiting this result; run it on another machine or"
                        + " with fewer threads\n"),
        run.out());
    JsonNode client = client(out);
    assertTrue(client.get("cpuCores").asDouble() > CORES / 2.0, client.toString());
    assertTrue(client.get("bottleneck").asText().startsWith("the client used "), client.toString());
    assertTrue(run.out().contains(client.get("bottleneck").asText()), run.out());
  }

  @Test
  void aClientThatWaitsHasPlausibleFiguresAndNoWarning(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("sleep");
    CliRun run = toy(out, "--parallelism", "2", "--duration", "3s", "--toy-sleep", "5ms");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    JsonNode client = client(out);
    assertTrue(client.has("bottleneck"), client.toString());
    String warning = client.get("bottleneck").asText();
    assertTrue(
        client.get("bottleneck").isNull() || warning.startsWith("the machine's cores were "),
        client.toString());
    assertFalse(
        run.out().replace("\n  warning       " + warning + "\n", "\n").contains("warning"),
        run.out());
    Matcher line = CPU_LINE.matcher(run.out());
    assertTrue(line.find(), run.out());
    assertEquals(String.valueOf(CORES), line.group(3), line.group());
    assertEquals(CORES, client.get("cores").asInt(), client.toString());
    double cores = client.get("cpuCores").asDouble();
    assertTrue(cores > 0 && cores <= CORES + 0.1, client.toString());
    assertTrue(client.get("cpuMicrosPerIteration").asDouble() > 0, client.toString());
    assertEquals(
        cores * 100 / CORES, client.get("cpuPercentOfMachine").asDouble(), 0.1, client.toString());
    assertTrue(client.get("gcCount").asLong() >= 0 && client.get("gcMillis").asLong() >= 0);
    if (client.has("machineCpuPercent")) {
      double busy = client.get("machineCpuPercent").asDouble();
      assertTrue(busy >= 0 && busy <= 100, client.toString());
    }
    List<String> intervals = Files.readAllLines(out.resolve("intervals.csv"));
    assertTrue(
        intervals
            .get(0)
            .contains(",client_cpu_cores,client_gc_count,client_gc_ms,machine_cpu_pct,"),
        intervals.get(0));
    int cpu = List.of(intervals.get(0).split(",")).indexOf("client_cpu_cores");
    for (String row : intervals.subList(1, intervals.size())) {
      String[] cells = row.split(",", -1);
      double period = Double.parseDouble(cells[cpu]);
      assertTrue(period >= 0 && period <= CORES + 0.1, row);
    }
  }
}
