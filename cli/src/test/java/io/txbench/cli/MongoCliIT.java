package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.txbench.cli.options.ExitCodes;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --benchmark-target mongo} from the command line, on the embedded emulator. */
class MongoCliIT {
  @TempDir Path dir;

  @Test
  void everyWorkloadRunsOnTheEmulatorAndSaysItIsOne() throws Exception {
    // One worker: the emulator has no transactions, and the airline's invariants need them
    // once two buyers meet.
    List<JsonNode> summaries =
        EveryWorkload.run(dir, 1, 300, "--benchmark-target", "mongo", "--embedded");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mongo",
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--iterations",
            "10",
            "--output-dir",
            dir.resolve("connected").toString());
    assertTrue(
        run.out().contains("Connected to mongo-java-server emulator (reports MongoDB"), run.out());
    for (JsonNode s : summaries) {
      assertTrue(
          s.get("serverVersion").asText().startsWith("mongo-java-server emulator"),
          s.get("serverVersion").asText());
      assertFalse(s.get("transactions").asBoolean());
      assertTrue(s.get("embedded").asBoolean()); // where it ran: a server txbench started
      assertTrue(
          s.get("server").asText().startsWith("MongoDB emulator on 127.0.0.1:"),
          s.get("server").asText());
    }
  }

  @Test
  void theEmulatorWarnsThatAirlineRunsWithoutTransactions() {
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mongo",
            "--embedded",
            "--iterations",
            "50",
            "--parallelism",
            "1",
            "--output-dir",
            dir.resolve("warn").toString());
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("NOT a real MongoDB, in memory (nothing is durable)"), run.out());
    assertTrue(run.err().contains("WITHOUT transactions"), run.err());
  }

  @Test
  void aBadMongoOptionIsAUsageError() {
    CliRun run = CliRun.of("--benchmark-target", "mongo", "--mongo-read-concern", "eventual");
    assertEquals(ExitCodes.USAGE, run.exitCode());
    assertTrue(run.err().contains("--mongo-read-concern"), run.err());
  }

  @Test
  void anUnreachableMongoIsOneLineAndExitCode3() {
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mongo",
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            "1",
            "--connection-wait-timeout",
            "1s");
    assertEquals(ExitCodes.TARGET, run.exitCode());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(
        run.err().contains("cannot connect to MongoDB: nothing answered on 127.0.0.1:1"),
        run.err());
  }
}
