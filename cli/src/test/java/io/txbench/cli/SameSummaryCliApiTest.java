package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.api.Txbench;
import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line and the Java API record a run alike: the same run on the toy target, once
 * through each, leaves a summary.json with the same fields and the same counts; only what the
 * clock, the host or the caller decides differs.
 */
class SameSummaryCliApiTest {
  @TempDir Path dir;

  @Test
  void theCommandLineAndTheApiWriteTheSameSummary() throws IOException {
    Path cli = dir.resolve("cli");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "toy",
            "--embedded",
            "--workload",
            "point-select",
            "--parallelism",
            "1",
            "--iterations",
            "60",
            "--warmup",
            "0s",
            "--seed",
            "7",
            "--metrics",
            "300ms",
            "--threshold",
            "tps>0",
            "--cost-per-hour",
            "0.5",
            "--output-dir",
            cli.toString());
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    Path api = dir.resolve("api");
    io.txbench.api.BenchmarkResult result =
        Txbench.target("toy")
            .embedded()
            .workload("point-select")
            .parallelism(1)
            .iterations(60)
            .warmup(Duration.ZERO)
            .seed(7)
            .metricsPeriod(Duration.ofMillis(300))
            .threshold("tps>0")
            .costPerHour(0.5)
            .resultDirectory(api)
            .run();

    Map<String, String> fromCli = fields(cli);
    Map<String, String> fromApi = fields(api);
    assertEquals(fromCli.keySet(), fromApi.keySet(), "the fields");
    assertEquals(counts(fromCli), counts(fromApi), "the counts");
    // Each records the options it was given: what the API takes, the command line records too.
    Set<String> apiOptions = options(api);
    apiOptions.remove("api");
    assertTrue(options(cli).containsAll(apiOptions), () -> apiOptions + " in " + options(cli));
    // The period asked for is the one each ran with and recorded.
    assertTrue(run.out().contains(", figures about every 0.3s."), run.out());
    assertEquals("PT0.3S", summary(cli).get("options").get("metrics").asText());
    assertEquals("PT0.3S", summary(api).get("options").get("metrics").asText());
    // The price given is the one each priced its run at, by the one formula.
    for (Path each : List.of(cli, api)) {
      JsonNode s = summary(each);
      JsonNode cost = s.get("cost");
      assertEquals(0.5, cost.get("perHour").asDouble(), each::toString);
      double seconds = s.get("measuredSeconds").asDouble();
      // measuredSeconds is to the ms: a ms of the price is all they may differ by.
      assertEquals(0.5 * seconds / 3600, cost.get("window").asDouble(), 0.5 * 0.001 / 3600);
      long inWindow = s.get("iterations").asLong() - s.get("iterationsAfterWindow").asLong();
      assertEquals(
          cost.get("window").asDouble() / inWindow * 1e6,
          cost.get("perMillionIterations").asDouble(),
          1e-4 * cost.get("perMillionIterations").asDouble(),
          "per million");
    }
    assertTrue(run.out().contains("\n  cost          "), run.out());
    JsonNode apiCost = summary(api).get("cost");
    assertEquals(
        apiCost.get("window").asDouble(),
        result.cost().orElseThrow(),
        1e-5 * result.cost().orElseThrow());
    assertEquals(
        apiCost.get("perMillionIterations").asDouble(),
        result.costPerMillionIterations().orElseThrow(),
        1e-5 * result.costPerMillionIterations().orElseThrow());
  }

  /**
   * summary.json's leaves by path, but for those each caller records its own way: the options it
   * was given, and the setup before the run (which only the command line records). Which of the
   * client's CPU figures are given depends on how long the run took and what the machine did
   * meanwhile (the CPU clock cannot measure less than 100 ms), so the client's block is left out.
   */
  private static Map<String, String> fields(Path directory) throws IOException {
    Map<String, String> leaves = new TreeMap<>();
    flatten("", summary(directory), leaves);
    leaves.keySet().removeIf(SameSummaryCliApiTest::ownRecord);
    return leaves;
  }

  private static boolean ownRecord(String path) {
    return path.startsWith("/options/")
        || path.startsWith("/setup/")
        || path.startsWith("/client/");
  }

  /** The leaves but those the clock, the host or the result directory decide. */
  private static Map<String, String> counts(Map<String, String> leaves) {
    Map<String, String> counts = new TreeMap<>(leaves);
    counts.keySet().removeIf(path -> TIMED.stream().anyMatch(path::startsWith));
    counts.keySet().removeIf(path -> path.endsWith("/measured")); // a threshold's figure
    return counts;
  }

  private static final List<String> TIMED =
      List.of(
          "/start",
          "/end",
          "/measuredSeconds",
          "/tps",
          "/cost/window",
          "/cost/perMillionIterations",
          "/responseTimeMs/",
          "/serviceTimeMs/",
          "/scheduleLagMs/",
          "/client/",
          "/resultDirectory");

  private static Set<String> options(Path directory) {
    Set<String> names = new TreeSet<>();
    try {
      summary(directory).get("options").fieldNames().forEachRemaining(names::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  private static JsonNode summary(Path directory) throws IOException {
    return new ObjectMapper().readTree(directory.resolve("summary.json").toFile());
  }

  private static void flatten(String path, JsonNode node, Map<String, String> leaves) {
    if (node.isContainerNode() && node.size() > 0) {
      if (node.isArray()) {
        for (int i = 0; i < node.size(); i++) {
          flatten(path + "[" + i + "]", node.get(i), leaves);
        }
      } else {
        node.fieldNames()
            .forEachRemaining(name -> flatten(path + "/" + name, node.get(name), leaves));
      }
      return;
    }
    leaves.put(path, node.toString());
  }
}
