package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Adding a workload", followed literally: a kind ({@link TallyKind}), one class for
 * the target that serves it ({@link TallyWorkload}), one line in that target's workload table
 * ({@link ToyBinding#workloads()}); core and the CLI untouched, and the workload is listed, takes
 * its own option, runs, writes its results and verifies.
 */
class AddingAWorkloadTest {

  @Test
  void theHelpListsTheNewKindAndItsOption() {
    String help = CliRun.of("--help").out().replaceAll("\\s+", " ");
    assertTrue(help.contains("tally (adds a step to a counter)"), help);
    assertTrue(
        help.contains("--tally-step=N tally: what each iteration adds, 1 to 100." + " Default: 1."),
        help);
  }

  @Test
  void theNewKindRunsAndVerifiesWithItsOwnOption(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("tally");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "toy",
            "--embedded",
            "--workload",
            "tally",
            "--tally-step",
            "7",
            "--parallelism",
            "2",
            "--iterations",
            "500",
            "--output-dir",
            out.toString());
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    assertTrue(
        run.out()
            .contains(
                "Running tally on toy with 2 thread(s), 500 iterations, figures about every 1s."),
        run.out());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals("tally", summary.get("workload").asText());
    assertEquals(7, summary.get("options").get("tally-step").asLong());
    // No --metrics: the period chosen for the run is recorded as if it had been asked for.
    assertEquals("PT1S", summary.get("options").get("metrics").asText());
    assertEquals("uniform", summary.get("options").get("rate-distribution").asText());
    JsonNode verification = summary.get("verification");
    assertTrue(verification.get("passed").asBoolean(), verification.toString());
    assertEquals(500, verification.get("figures").get("added").asLong(), verification.toString());
  }

  @Test
  void itsOptionIsRefusedWithAnotherWorkload() {
    CliRun run =
        CliRun.of("--benchmark-target", "toy", "--workload", "point-select", "--tally-step", "3");
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertEquals(
        "txbench: --tally-step applies to tally only, not to point-select" + " (see --help)",
        run.err().strip());
  }
}
