package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.api.BenchmarkBuilder;
import io.txbench.api.Txbench;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API's {@code startAt}, on the toy target: the start gate the command line's {@code
 * --start-at} uses, the same step of the same runs. Bounds are ones a loaded machine keeps.
 */
class StartAtApiTest {
  @TempDir Path dir;

  @Test
  void theWarmUpStartsAtTheTimeAndTheWindowAfterIt() throws Exception {
    Instant at = Instant.now().plusMillis(1500);
    Duration warmup = Duration.ofMillis(500);
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Txbench.target("toy")
        .embedded()
        .workload("point-select")
        .parallelism(2)
        .iterations(100)
        .warmup(warmup)
        .startAt(at)
        .console(new PrintStream(console, true, StandardCharsets.UTF_8))
        .resultDirectory(dir)
        .run();
    JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    Instant start = Instant.parse(summary.get("start").asText());
    assertFalse(start.isBefore(at.plus(warmup)), start + " before the warm-up's end");
    assertTrue(start.isBefore(at.plusSeconds(10)), start + " long after " + at);
    assertEquals(at.toString(), summary.get("options").get("start-at").asText());
    assertEquals("passed", summary.get("verification").get("status").asText(), summary.toString());
    String shown = console.toString(StandardCharsets.UTF_8);
    int waiting = shown.indexOf("Waiting for the start at " + at + " (--start-at): ");
    int warming = shown.indexOf("[ warm-up ");
    assertTrue(waiting >= 0 && warming > waiting, shown);
  }

  @Test
  void aTimeLongPastOrTooFarAheadIsRefusedAtOnce() {
    String past = refused(Instant.now().minus(Duration.ofMinutes(3)));
    assertTrue(past.startsWith("startAt: "), past);
    assertTrue(past.contains(" was 3 min ago: give a time to come"), past);
    String ahead = refused(Instant.now().plus(Duration.ofHours(25)));
    assertTrue(ahead.contains(" ahead, more than 24 h"), ahead);
  }

  private static String refused(Instant at) {
    BenchmarkBuilder b = Txbench.target("toy");
    return String.valueOf(
        assertThrows(IllegalArgumentException.class, () -> b.startAt(at)).getMessage());
  }
}
