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
 * A mix on the toy target ({@link ToyMix}: 4 statements an iteration, 5 for an update) end to end:
 * the progress line's qps, the per-operation columns of intervals.csv, summary.json's queries and
 * operations, the console's lines, and thresholds on one operation, refused before anything
 * connects when the mix does not have it.
 */
class MixResultsCliTest {
  @TempDir Path dir;

  private static CliRun mix(Path out, String... more) {
    return CliRun.of(
        Stream.concat(
                Stream.of(
                    "--benchmark-target",
                    "toy",
                    "--embedded",
                    "--workload",
                    "mix",
                    "--mix",
                    "point-select=3,update=1",
                    "--parallelism",
                    "2",
                    "--iterations",
                    "400",
                    "--warmup",
                    "0s",
                    "--metrics",
                    "100ms",
                    "--output-dir",
                    out.toString()),
                Stream.of(more))
            .toArray(String[]::new));
  }

  @Test
  void everyResultHasTheQueriesAndEachOperation() throws IOException {
    Path out = dir.resolve("mix");
    CliRun run =
        mix(
            out,
            "--threshold",
            "update.p99<1s",
            "--threshold",
            "Point-Select.tps>0",
            "--threshold",
            "qps>0");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    // How many periods the run has depends on the machine: each line it printed has the qps.
    run.out()
        .lines()
        .filter(line -> line.startsWith("[ "))
        .forEach(
            line ->
                assertTrue(
                    line.matches(
                        "\\[ [0-9.]+s \\] thds: 2 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9.]+/"
                            + "[0-9.]+/[0-9.]+\\) lat \\(ms,95%\\): [0-9.]+ err/s: 0.00"
                            + " retries/s: 0.00 period: [0-9.]+s"),
                    line));

    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    JsonNode queries = summary.get("queries");
    JsonNode ops = summary.get("operations");
    List<String> names = new ArrayList<>();
    ops.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("point-select", "update"), names);
    long selects = ops.get("point-select").get("count").asLong();
    long updates = ops.get("update").get("count").asLong();
    assertEquals(400, selects + updates, summary.toString());
    assertTrue(updates > 0 && selects > updates, ops.toString());
    assertEquals(800, queries.get("reads").asLong());
    assertEquals(updates, queries.get("writes").asLong());
    assertEquals(800, queries.get("others").asLong());
    assertTrue(ops.get("update").get("p50Ms").asDouble() >= 1, ops.toString());
    summary.get("thresholds").forEach(t -> assertTrue(t.get("passed").asBoolean(), t.toString()));

    assertTrue(
        run.out()
            .contains(
                "  queries       performed: read 800, write "
                    + updates
                    + ", other 800, total "
                    + String.format(java.util.Locale.US, "%,d", 1600 + updates)
                    + " (qps "),
        run.out());
    assertTrue(run.out().contains("    operation     count "), run.out());
    assertTrue(run.out().matches("(?s).*\\n    update +" + updates + " .*"), run.out());

    List<String> csv = Files.readAllLines(out.resolve("intervals.csv"));
    assertTrue(
        csv.get(0)
            .endsWith(
                ",update_count,update_p50_ms,update_p95_ms,update_p99_ms,update_max_ms,"
                    + "update_declined,update_errors"),
        csv.get(0));
    long counted = 0;
    int column = List.of(csv.get(0).split(",")).indexOf("update_count");
    for (String row : csv.subList(1, csv.size())) {
      counted += Long.parseLong(row.split(",", -1)[column]);
    }
    assertEquals(updates, counted, String.join("\n", csv));
  }

  @Test
  void aThresholdOnAnOperationTheMixDoesNotHaveIsRefusedBeforeConnecting() {
    Path out = dir.resolve("refused");
    CliRun run = mix(out, "--threshold", "insert.p99<1ms");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err() + run.out());
    assertTrue(
        run.err()
            .contains(
                "--threshold 'insert.p99<1ms': no operation 'insert' in this run; its operations:"
                    + " point-select, update"),
        run.err());
    assertFalse(run.out().contains("Connected"), run.out());
  }

  /**
   * A workload that is no mix has no operation: a threshold on one is refused before anything runs
   * (it could only fail); one it cannot measure (qps, no statement counted) fails with the reason.
   */
  @Test
  void aThresholdOnAnOperationOfAWorkloadThatIsNoMixIsRefusedBeforeTheRun() throws IOException {
    Path out = dir.resolve("plain");
    List<String> args =
        List.of(
            "--benchmark-target",
            "toy",
            "--embedded",
            "--workload",
            "point-select",
            "--iterations",
            "20",
            "--warmup",
            "0s",
            "--output-dir",
            out.toString(),
            "--threshold");
    CliRun refused = CliRun.of(concat(args, "update.p99<1s"));
    assertEquals(ExitCodes.USAGE, refused.exitCode(), refused.err() + refused.out());
    assertTrue(
        refused
            .err()
            .startsWith(
                "txbench: --threshold 'update.p99<1s': no operation 'update' in this run: its"
                    + " workload is no mix (its iterations are not told apart)"),
        refused.err());
    assertFalse(Files.exists(out.resolve("summary.json")));
    CliRun run = CliRun.of(concat(args, "qps>0"));
    assertEquals(ExitCodes.THRESHOLD, run.exitCode(), run.err() + run.out());
    assertTrue(run.out().contains("FAIL  nothing measured (no statement counted"), run.out());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertFalse(summary.has("queries"), summary.toString());
    assertFalse(summary.has("operations"), summary.toString());
    assertTrue(
        summary.get("thresholds").get(0).get("whyNotMeasured").asText().startsWith("no statement"),
        summary.toString());
  }

  private static String[] concat(List<String> args, String last) {
    List<String> all = new ArrayList<>(args);
    all.add(last);
    return all.toArray(String[]::new);
  }
}
