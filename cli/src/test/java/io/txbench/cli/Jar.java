package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The uber-JAR run in a child JVM, as a user runs it, with what it printed and returned. */
final class Jar {
  static final Path FILE = Path.of("target", "benchmark.jar");

  /** What a child JVM printed and returned. */
  record Outcome(int code, String out, String err) {
    /** This outcome, whose code must be {@code expected}: what it printed is the failure's text. */
    Outcome exits(int expected) {
      assertEquals(expected, code, err + out);
      return this;
    }
  }

  private Jar() {}

  static Outcome run(String... args) throws IOException, InterruptedException {
    return run(Map.of(), args);
  }

  /** Runs the JAR with more environment variables; both streams are read as they come. */
  static Outcome run(Map<String, String> environment, String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                FILE.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(environment);
    Process p = builder.start();
    p.getOutputStream().close();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    String out = read(p.getInputStream());
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the JAR did not finish");
    return new Outcome(p.exitValue(), out, err.join());
  }

  private static String read(InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
