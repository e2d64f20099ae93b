package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on data loaded before ({@code --skip-setup}) against a real PostgreSQL records the data it
 * ran on: a {@code --table-size} the data does not have is refused, and one left out is recorded as
 * loaded, not at its default.
 */
class SkipSetupCliIT extends PostgresServer {
  @TempDir Path dir;

  private CliRun run(String... more) {
    String[] args = new String[more.length + 4];
    args[0] = "--target-url";
    args[1] = url("skipsetup");
    args[2] = "--workload";
    args[3] = "point-select";
    System.arraycopy(more, 0, args, 4, more.length);
    return CliRun.of(args);
  }

  @Test
  void aTableSizeTheLoadedDataDoesNotHaveIsRefusedAndOneLeftOutIsRecordedAsLoaded()
      throws Exception {
    createDatabase("skipsetup");
    CliRun load = run("--table-size", "1000", "--only-setup");
    assertEquals(0, load.exitCode(), load.err());
    Path refused = dir.resolve("refused");
    CliRun mismatch =
        run(
            "--skip-setup",
            "--table-size",
            "5000",
            "--iterations",
            "50",
            "--output-dir",
            refused.toString());
    assertEquals(ExitCodes.USAGE, mismatch.exitCode(), mismatch.err());
    assertEquals(
        "txbench: --table-size 5000 but the data loaded there was loaded with --table-size 1000:"
            + " drop --skip-setup to load it at 5000, or pass --table-size 1000",
        mismatch.err().strip());
    assertFalse(Files.exists(refused.resolve("summary.json")), "a refused run left a summary");
    Path ran = dir.resolve("ran");
    CliRun loaded = run("--skip-setup", "--iterations", "50", "--output-dir", ran.toString());
    assertEquals(0, loaded.exitCode(), loaded.err());
    JsonNode options =
        new ObjectMapper().readTree(ran.resolve("summary.json").toFile()).get("options");
    assertEquals(1000, options.get("table-size").asLong(), options.toString());
    assertTrue(loaded.out().contains("verification  passed"), loaded.out());
    assertEquals(1000, query("skipsetup", "SELECT COUNT(*) FROM item"));
  }
}
