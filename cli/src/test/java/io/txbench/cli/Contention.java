package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The airline under heavy contention from the command line, on one SQL target: 16 buyers on 2
 * flights on 1 day. At a strict isolation level the server aborts conflicting buyers and txbench
 * retries them, and verify passes; without a transaction, or at READ COMMITTED, two buyers take the
 * same seat number and verify says so (exit 1); a strict run over that same data passes again,
 * since verify counts only what its own run did. The 2 flights have 469 seats: 400 buyers fill most
 * of them, and the buyers of a full flight are declined (sold out, counted among the iterations),
 * so each weaker run starts from freshly loaded, empty flights.
 */
final class Contention {
  private Contention() {}

  /**
   * {@code abortsUnderContention}: whether the strict level makes the server abort one of two
   * buyers of a seat (PostgreSQL), so that the strict run must have retried; MySQL's locking read
   * queues them instead, and aborts only on a deadlock, which the timing may or may not bring.
   */
  static void check(Path dir, String strictLevel, boolean abortsUnderContention, String... target)
      throws Exception {
    JsonNode strict = run(dir.resolve("strict"), 0, target, "--sql-isolation-level", strictLevel);
    if (abortsUnderContention) {
      assertTrue(strict.get("retries").asLong() > 0, "no retries: " + strict);
    }
    assertEquals("passed", strict.get("verification").get("status").asText(), strict.toString());
    assertEquals(
        0,
        strict.get("verification").get("figures").get("seats_over_capacity").asLong(),
        strict.toString());
    JsonNode loose = run(dir.resolve("no-transaction"), 1, target, "--disable-transaction");
    assertTrue(
        loose.get("verification").get("anomalies").toString().contains("seat number"),
        loose.get("verification").toString());
    JsonNode readCommitted =
        run(dir.resolve("read-committed"), 1, target, "--sql-isolation-level", "READ_COMMITTED");
    assertTrue(
        readCommitted.get("verification").get("anomalies").toString().contains("seat number"),
        readCommitted.get("verification").toString());
    JsonNode again =
        run(
            dir.resolve("strict-again"),
            0,
            target,
            "--skip-setup",
            "--sql-isolation-level",
            strictLevel);
    assertEquals("passed", again.get("verification").get("status").asText());
  }

  private static JsonNode run(Path out, int exitCode, String[] target, String... more)
      throws Exception {
    List<String> args = new ArrayList<>(List.of(target));
    args.addAll(
        List.of(
            "--workload",
            "airline",
            "--schedules",
            "2",
            "--day-range",
            "1",
            "--parallelism",
            "16",
            "--iterations",
            "400",
            "--metrics",
            "1s",
            // What these runs are about is what verify finds. The commit check could not agree
            // anyway: without a warm-up, the server counts the new sessions' set-up statements
            // with their first transactions; and on PostgreSQL it waits about 20 s a run.
            "--no-commit-check",
            "--output-dir",
            out.toString()));
    args.addAll(List.of(more));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertEquals(exitCode, run.exitCode(), String.join(" ", more) + ": " + run.err() + run.out());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(
        400,
        summary.get("iterations").asLong() + summary.get("errors").asLong(),
        summary.toString());
    return summary;
  }
}
