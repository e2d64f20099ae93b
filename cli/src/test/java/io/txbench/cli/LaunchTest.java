package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command that starts txbench again: the JAR's path as the user typed it. */
class LaunchTest {

  @Test
  void theJarIsNamedAsTyped() {
    Path jar = Path.of("cli", "target", "benchmark.jar").toAbsolutePath();
    assertEquals(
        List.of("java", "-jar", "cli/target/benchmark.jar"),
        Launch.command("cli/target/benchmark.jar --benchmark-target postgres --drop", jar));
    assertEquals(
        List.of("java", "-jar", "./cli/target/benchmark.jar"),
        Launch.command("./cli/target/benchmark.jar", jar));
    assertEquals(
        List.of("java", "-jar", jar.toString()), Launch.command(jar + " --parallelism 8", jar));
  }

  @Test
  void aPathWithSpacesIsWhole(@TempDir Path dir) throws Exception {
    Path jar = Files.createFile(Files.createDirectories(dir.resolve("my tools")).resolve("b.jar"));
    assertEquals(
        List.of("java", "-jar", jar.toString()), Launch.command(jar + " --workload insert", jar));
  }

  @Test
  void anotherLaunchFallsBackToTheJarsName() {
    Path jar = Path.of("cli", "target", "benchmark.jar").toAbsolutePath();
    // Started by its main class, or by a test runner's own JAR, or with nothing known.
    assertEquals(Launch.FALLBACK, Launch.command("io.txbench.cli.Main --drop", jar));
    assertEquals(
        Launch.FALLBACK, Launch.command("/tmp/surefire/surefirebooter1.jar /tmp/surefire x", jar));
    assertEquals(Launch.FALLBACK, Launch.command(null, jar));
    assertEquals(Launch.FALLBACK, Launch.command("cli/target/benchmark.jar", null));
    // In this test's JVM, txbench's classes are in a directory: the fallback.
    assertEquals(List.of("java", "-jar", "benchmark.jar"), Launch.command());
  }
}
