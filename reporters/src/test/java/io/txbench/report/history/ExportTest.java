package io.txbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exports' JSON, field by field, as Bencher and github-action-benchmark read it. */
class ExportTest {
  private static final String P8 =
      "postgres airline x8 (PostgreSQL 17.2; isolation-level SERIALIZABLE;"
          + " shared_buffers=128MB, synchronous_commit=on; client Amazon EC2 m6i.large,"
          + " Intel Xeon Platinum 8375C, 2 cores, 8.0 GiB)";

  @TempDir Path dir;
  private List<Series> series;

  @BeforeEach
  void twoSeries() throws IOException {
    HistoryFixture root = new HistoryFixture(dir.resolve("results"));
    root.run("p8", 0, 1400, 11);
    root.run("p8", 2, 1520.5, 12.25);
    root.run("p8", 1, 1450, 13);
    root.run("p32", 0, 3000, 20.5, s -> s.put("parallelism", 32));
    series = HistoryRoot.read(List.of(root.root()), true, w -> {});
  }

  private JsonNode written(String spec) throws IOException {
    Export export = Export.parse(spec.replace("FILE", dir.resolve("out.json").toString()));
    export.write(series);
    return new ObjectMapper().readTree(export.file().toFile());
  }

  private static List<String> names(Iterator<String> it) {
    List<String> names = new ArrayList<>();
    it.forEachRemaining(names::add);
    return names;
  }

  /**
   * An export to a pipe (a FIFO, /dev/stdout) is written through it; one to a link goes where the
   * link points, which stays a link. Replacing either with a file (as root, even /dev/stdout or
   * /dev/full) would lose the export and break the machine.
   */
  @Test
  void anExportToAPipeOrALinkWritesThroughIt() throws Exception {
    Path fifo = dir.resolve("pipe");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    CompletableFuture<String> piped =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return Files.readString(fifo);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    Export.parse("bencher=" + fifo).write(series);
    assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS));
    assertFalse(Files.isRegularFile(fifo), "the pipe was replaced by a file");
    assertTrue(piped.get(10, TimeUnit.SECONDS).contains("throughput"));

    Path target = Files.writeString(dir.resolve("target.json"), "{}");
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), target);
    Export.parse("bencher=" + link).write(series);
    assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
    assertTrue(Files.readString(target).contains("throughput"));
  }

  @Test
  void bencherHasThroughputAndLatencyInNanosecondsOfEachSeriesLatestRun() throws IOException {
    JsonNode json = written("bencher=FILE");
    assertEquals(2, json.size());
    JsonNode p8 = json.get(P8);
    assertEquals(List.of("throughput", "latency"), names(p8.fieldNames()));
    assertEquals(List.of("value"), names(p8.get("throughput").fieldNames()));
    assertEquals(1520.5, p8.get("throughput").get("value").asDouble());
    assertEquals(12_250_000, p8.get("latency").get("value").asDouble(), 1e-6);
    JsonNode p32 = json.get(P8.replace("x8", "x32"));
    assertEquals(3000, p32.get("throughput").get("value").asDouble());
    assertEquals(20_500_000, p32.get("latency").get("value").asDouble(), 1e-6);
  }

  @Test
  void githubBiggerIsBetterHasTheTpsOfEachSeriesLatestRun() throws IOException {
    JsonNode json = written("github-bigger=FILE");
    assertTrue(json.isArray());
    assertEquals(2, json.size());
    JsonNode p8 = json.get(0);
    assertEquals(List.of("name", "unit", "value", "extra"), names(p8.fieldNames()));
    assertEquals(P8, p8.get("name").asText());
    assertEquals("tps", p8.get("unit").asText());
    assertEquals(1520.5, p8.get("value").asDouble());
    assertTrue(p8.get("extra").asText().contains("run of 2026-01-03T02:00:00Z"), p8.toString());
    assertTrue(p8.get("extra").asText().contains("p99 12.3 ms"), p8.toString());
    assertEquals(P8.replace("x8", "x32"), json.get(1).get("name").asText(), "x8 before x32");
  }

  @Test
  void githubSmallerIsBetterHasTheP99InMsOfEachSeriesLatestRun() throws IOException {
    JsonNode json = written("github-smaller=FILE");
    JsonNode p8 = json.get(0);
    assertEquals(List.of("name", "unit", "value", "extra"), names(p8.fieldNames()));
    assertEquals(P8, p8.get("name").asText());
    assertEquals("ms", p8.get("unit").asText());
    assertEquals(12.25, p8.get("value").asDouble());
    assertEquals(20.5, json.get(1).get("value").asDouble());
  }

  @Test
  void aBadSpecIsRefusedInOneLine() {
    for (String bad : List.of("bencher", "=x.json", "bencher=", "junit=x.json")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Export.parse(bad));
      assertTrue(
          String.valueOf(e.getMessage()).contains("bencher, github-bigger, github-smaller"),
          e.getMessage());
    }
  }
}
