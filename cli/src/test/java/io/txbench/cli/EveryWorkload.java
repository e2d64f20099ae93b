package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the four workloads from the command line on one target and checks their results. */
final class EveryWorkload {
  static final List<String> RESULT_FILES =
      List.of(
          "iterations.csv",
          "response-time.csv",
          "retries.csv",
          "skipped.csv",
          "intervals.csv",
          "histogram.hlog",
          "summary.json");

  private EveryWorkload() {}

  /** Runs each workload for {@code iterations}; returns each run's summary.json. */
  static List<JsonNode> run(Path dir, int parallelism, long iterations, String... target)
      throws Exception {
    List<JsonNode> summaries = new ArrayList<>();
    for (String workload : List.of("airline", "point-select", "insert", "update")) {
      Path out = dir.resolve(workload);
      List<String> args = new ArrayList<>(List.of(target));
      args.addAll(
          List.of(
              "--workload",
              workload,
              "--parallelism",
              String.valueOf(parallelism),
              "--iterations",
              String.valueOf(iterations),
              "--metrics",
              "1s",
              "--output-dir",
              out.toString()));
      if (!workload.equals("airline")) {
        args.addAll(List.of("--table-size", "2000")); // the airline takes no table size
      }
      CliRun run = CliRun.of(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), workload + ": " + run.err() + run.out());
      for (String file : RESULT_FILES) {
        assertTrue(Files.size(out.resolve(file)) > 0, workload + ": " + file);
      }
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertEquals(iterations, summary.get("iterations").asLong(), workload);
      assertEquals(workload, summary.get("workload").asText());
      assertTrue(
          summary.get("verification").get("passed").asBoolean(),
          workload + ": " + summary.get("verification"));
      summaries.add(summary);
    }
    return summaries;
  }
}
