package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * deploy/run-benchmarks.sh, the scheduled runs' runner, started as systemd starts it (the script
 * itself, not through bash: its mode is part of the recipe), with a config the test writes.
 */
final class RunnerScript {
  static final Path DEPLOY = Path.of("..", "deploy").toAbsolutePath().normalize();
  static final Path SCRIPT = DEPLOY.resolve("run-benchmarks.sh");

  /** What the runner printed (both streams, in order) and returned. */
  record Outcome(int code, String printed) {}

  /**
   * A config: where results go, how txbench starts ({@code TXBENCH=(...)}'s words, each
   * single-quoted), the alert command, more settings, and one {@code benchmark NAME ...} per line.
   */
  record Config(
      Path root, List<String> txbench, String alertCommand, String more, List<String> benchmarks) {
    String text() {
      StringBuilder text = new StringBuilder();
      text.append("RESULTS_ROOT='").append(root).append("'\n");
      text.append("TXBENCH=(");
      txbench.forEach(word -> text.append(" '").append(word).append('\''));
      text.append(" )\n");
      text.append("ALERT_COMMAND='").append(alertCommand).append("'\n");
      text.append(more).append('\n');
      benchmarks.forEach(line -> text.append("benchmark ").append(line).append('\n'));
      return text.toString();
    }
  }

  /**
   * An alert command that writes its message, as given three ways, to {@code alert-arg}, {@code
   * alert-env} and {@code alert-stdin} in DIR.
   */
  static String alertInto(Path dir) {
    return String.format(
        "printf %%s \"$1\" > %1$s/alert-arg; printf %%s \"$TXBENCH_ALERT_MESSAGE\" > %1$s/alert-env;"
            + " cat > %1$s/alert-stdin",
        dir);
  }

  private RunnerScript() {}

  static Outcome run(Config config, Path dir, int seconds) throws Exception {
    Path file = Files.createTempFile(dir, "benchmarks", ".conf");
    Files.writeString(file, config.text());
    return run(Map.of(), seconds, SCRIPT.toString(), file.toString());
  }

  static Outcome run(Map<String, String> environment, int seconds, String... command)
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    Process p = builder.start();
    p.getOutputStream().close();
    CompletableFuture<String> printed = CompletableFuture.supplyAsync(() -> read(p));
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      // A hung runner leaves nothing behind: its txbench JVMs are its descendants.
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      fail("the runner did not finish in " + seconds + " s: " + printed.get(5, TimeUnit.SECONDS));
    }
    return new Outcome(p.exitValue(), printed.join());
  }

  private static String read(Process p) {
    try {
      return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
