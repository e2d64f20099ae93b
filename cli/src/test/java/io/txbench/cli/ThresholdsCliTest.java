package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --threshold on the toy target, whose iterations sleep 2 ms: each run is held to every threshold
 * after verify, prints and records each verdict, and exits 5 when one fails, 0 when all hold.
 */
class ThresholdsCliTest {
  @TempDir Path dir;

  private CliRun run(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                "toy",
                "--embedded",
                "--workload",
                "point-select",
                "--toy-sleep",
                "2ms",
                "--iterations",
                "200",
                "--warmup",
                "0s",
                "--output-dir",
                out.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void aFailedThresholdExits5AndBothVerdictsAreRecorded() throws IOException {
    Path out = dir.resolve("fails");
    CliRun run =
        run(out, "--parallelism", "2", "--threshold", "tps>=1", "--threshold", "p50 < 500us");
    assertEquals(ExitCodes.THRESHOLD, run.exitCode(), run.err() + run.out());
    // After verify's line, one line each, with the figure measured: 2 ms sleeps are over 500 us.
    assertTrue(
        run.out()
            .matches(
                "(?s).*  verification  passed [^\\n]*\\n"
                    + "  threshold     tps>=1       PASS  [0-9,.]+ tps\\n"
                    + "  threshold     p50 < 500us  FAIL  [0-9,.]+ us\\n.*"),
        run.out());
    JsonNode thresholds = summary(out).get("thresholds");
    assertEquals(2, thresholds.size(), thresholds.toString());
    assertEquals("tps>=1", thresholds.get(0).get("expression").asText());
    assertTrue(thresholds.get(0).get("passed").asBoolean());
    assertEquals(
        summary(out).get("tps").asDouble(), thresholds.get(0).get("measured").asDouble(), 0.01);
    assertEquals("p50 < 500us", thresholds.get(1).get("expression").asText());
    assertFalse(thresholds.get(1).get("passed").asBoolean());
    assertTrue(thresholds.get(1).get("measured").asDouble() >= 2000, thresholds.toString());
    assertEquals("us", thresholds.get(1).get("unit").asText());
  }

  @Test
  void thresholdsThatHoldExit0() throws IOException {
    Path out = dir.resolve("holds");
    CliRun run =
        run(
            out,
            "--threshold",
            "p50>=2ms",
            "--threshold",
            "errors==0",
            "--threshold",
            "in-doubt<0.1%",
            "--threshold",
            "verification");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    assertTrue(run.out().contains("  threshold     verification   PASS  verify passed"), run.out());
    JsonNode thresholds = summary(out).get("thresholds");
    assertEquals(4, thresholds.size());
    thresholds.forEach(t -> assertTrue(t.get("passed").asBoolean(), t.toString()));
  }

  @Test
  void eachLevelOfASweepIsHeldToTheThresholdsWithItsOwnFigures() throws IOException {
    Path out = dir.resolve("sweep");
    CliRun run = run(out, "--parallelism", "1,2", "--threshold", "tps>0", "--threshold", "max<1us");
    assertEquals(ExitCodes.THRESHOLD, run.exitCode(), run.err() + run.out());
    List<Path> summaries = summaries(out);
    assertEquals(2, summaries.size(), summaries.toString());
    for (Path file : summaries) {
      JsonNode summary = new ObjectMapper().readTree(file.toFile());
      JsonNode thresholds = summary.get("thresholds");
      assertTrue(thresholds.get(0).get("passed").asBoolean(), file.toString());
      assertEquals(
          summary.get("tps").asDouble(), thresholds.get(0).get("measured").asDouble(), 0.01);
      assertFalse(thresholds.get(1).get("passed").asBoolean(), file.toString());
    }
    assertEquals(2, run.out().split("threshold     max<1us  FAIL", -1).length - 1, run.out());
  }

  @Test
  void theHelpNamesEveryFormAndTheExitCode() {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    assertTrue(
        help.contains(
            "--threshold=EXPR Pass/fail condition checked at the end of each run (each level of a"
                + " sweep), repeatable: a time p50, p75, p90, p95, p99, p999, max, mean with its"
                + " unit us, ms or s (p99<20ms); tps (tps>=1500); qps, statements per second"
                + " where the workload counts them (qps>1000); errors, retries, in-doubt,"
                + " declined: a share of the iterations that ended (errors<0.1%) or a count"
                + " (in-doubt==0); or verification alone. OP.METRIC (update.p99<10ms) holds an"
                + " operation of a mix to its own figure, any but retries and qps. Comparisons:"
                + " <, <=, >, >=, ==, !=. A failed one exits 5."),
        help);
  }

  @Test
  void aRunWithoutThresholdsRecordsNone() throws IOException {
    Path out = dir.resolve("none");
    assertEquals(ExitCodes.OK, run(out).exitCode());
    assertFalse(summary(out).has("thresholds"));
  }

  /** Every summary.json under {@code out}: one per run of a sweep. */
  static List<Path> summaries(Path out) throws IOException {
    try (Stream<Path> files = Files.walk(out)) {
      return files.filter(p -> p.endsWith("summary.json")).sorted().toList();
    }
  }

  private static JsonNode summary(Path out) throws IOException {
    return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
  }
}
