package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

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
  void badInputFromTheJarIsOneLineAndExitCode2() throws Exception {
    Outcome bad = java("--parallelism", "0");
    assertEquals(2, bad.code());
    assertEquals("txbench: --parallelism must be 1 or more, not 0 (see --help)", bad.err().strip());
    assertFalse(bad.err().contains("Exception"));
  }
}
