package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The uber-JAR as a user runs it: {@code java -jar cli/target/benchmark.jar}. */
class JarIT {
  private static final Path JAR = Path.of("target", "benchmark.jar");

  /** What a child JVM printed and returned. */
  record Outcome(int code, String out, String err) {}

  static Outcome java(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the JAR did not finish");
    return new Outcome(p.exitValue(), out, err);
  }

  @Test
  void theJarShowsItsVersionAndHelp() throws Exception {
    assertTrue(Files.exists(JAR), "build the JAR first (mvn package)");
    Outcome version = java("--version");
    assertEquals(0, version.code(), version.err());
    assertTrue(version.out().startsWith("txbench "), version.out());
    Outcome help = java("--help");
    assertEquals(0, help.code());
    assertTrue(help.out().contains("--benchmark-target") && help.out().contains("postgres"),
        help.out());
  }

  @Test
  void ctrlCStopsTheRunAndStillWritesEveryResult(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("interrupted");
    Process p = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString(), "--embedded", "--workload", "point-select", "--table-size", "1000",
        "--parallelism", "4", "--duration", "5m", "--metrics", "1s", "--output-dir",
        out.toString())
        .redirectErrorStream(true).start();
    StringBuffer printed = new StringBuffer();
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          printed.append(line).append('\n');
        }
      } catch (IOException e) {
        printed.append(e);
      }
    });
    reader.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!printed.toString().contains("[ 2s ]") && System.nanoTime() < deadline && p.isAlive()) {
      Thread.sleep(100);
    }
    assertTrue(printed.toString().contains("[ 2s ]"), printed.toString());
    long signalled = System.nanoTime();
    new ProcessBuilder("sh", "-c", "kill -INT " + p.pid()).start().waitFor();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running after SIGINT");
    double seconds = (System.nanoTime() - signalled) / 1e9;
    reader.join(5_000);
    assertTrue(seconds < 10, "took " + seconds + " s to stop");
    assertEquals(130, p.exitValue(), printed.toString());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals("INTERRUPTED", summary.get("stopReason").asText());
    long iterations = summary.get("iterations").asLong();
    assertTrue(iterations > 0);
    List<String> csv = Files.readAllLines(out.resolve("iterations.csv"));
    assertEquals(iterations, Long.parseLong(csv.get(csv.size() - 1).split(",")[1]));
    assertTrue(Files.size(out.resolve("histogram.hlog")) > 0);
    System.out.printf("SIGINT to exit: %.2f s%n", seconds);
  }

  @Test
  void badInputFromTheJarIsOneLineAndExitCode2() throws Exception {
    Outcome bad = java("--parallelism", "0");
    assertEquals(2, bad.code());
    assertEquals("txbench: --parallelism must be 1 or more, not 0 (see --help)", bad.err().strip());
    assertFalse(bad.err().contains("Exception"));
  }
}
