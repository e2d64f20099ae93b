package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The uber-JAR started in the background, whose output (logs included) is collected as it comes.
 */
final class JarChild {
  private static final Pattern MEASURED_PERIOD = Pattern.compile("(?m)^\\[ [0-9.]+s \\] thds: ");
  private static final Pattern WARM_UP_PERIOD =
      Pattern.compile("(?m)^\\[ warm-up [0-9.]+s \\] thds: ");
  final Process process;

  // The reader thread appends while the test thread reads: StringBuffer's locking is wanted.
  @SuppressWarnings("JdkObsolete")
  final StringBuffer printed = new StringBuffer();

  final Thread reader;

  JarChild(String... args) throws IOException {
    // The tests press Ctrl-C as a terminal does (SIGINT). A JVM that starts with SIGINT ignored,
    // as every command in a script's background job (`./mvnw verify &`) or under nohup does,
    // never answers it; so the JAR starts with SIGINT at its default, through perl, which Debian
    // always has: it resets the signal and execs the JVM in its own process.
    List<String> command =
        new ArrayList<>(
            List.of(
                "perl",
                "-e",
                "$SIG{INT} = 'DEFAULT'; exec @ARGV or die \"exec: $!\"",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                Jar.FILE.toString()));
    command.addAll(List.of(args));
    process = new ProcessBuilder(command).redirectErrorStream(true).start();
    reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  printed.append(line).append('\n');
                }
              } catch (IOException e) {
                printed.append(e);
              }
            });
    reader.start();
  }

  /**
   * Waits for the measured run's {@code count}th progress line ({@code [ 2s ] thds: ...}). A line
   * is labelled with the time it was printed at, which a busy machine can skip past ({@code [ 1s
   * ]}, {@code [ 3s ]}, {@code [ 3s ]}): the tests count the lines, never wait for a label.
   */
  void awaitPeriods(int count) throws InterruptedException {
    awaitLines(MEASURED_PERIOD, count);
  }

  /** The same for the warm-up's lines ({@code [ warm-up 1s ] thds: ...}). */
  void awaitWarmUpPeriods(int count) throws InterruptedException {
    awaitLines(WARM_UP_PERIOD, count);
  }

  private void awaitLines(Pattern line, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (line.matcher(printed).results().count() < count
        && System.nanoTime() < deadline
        && process.isAlive()) {
      Thread.sleep(100);
    }
    assertTrue(
        line.matcher(printed).results().count() >= count,
        count + " lines like " + line + " expected:\n" + printed);
  }

  void awaitLine(String text) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!printed.toString().contains(text)
        && System.nanoTime() < deadline
        && process.isAlive()) {
      Thread.sleep(100);
    }
    assertTrue(printed.toString().contains(text), printed.toString());
  }

  /** Sends the JVM the signal {@code name} (INT, TERM, KILL, ...), as kill does. */
  void signal(String name) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start().waitFor();
  }

  /**
   * Sends the signal {@code name}, then waits up to 30 s for the exit code {@code expected}, which
   * must come within {@code limitSeconds}: the seconds it took.
   */
  double stop(String name, int expected, double limitSeconds)
      throws IOException, InterruptedException {
    long signalled = System.nanoTime();
    signal(name);
    int code = awaitExit(30);
    double seconds = (System.nanoTime() - signalled) / 1e9;
    assertEquals(expected, code, printed.toString());
    assertTrue(seconds < limitSeconds, "took " + seconds + " s to stop");
    return seconds;
  }

  int awaitExit(int seconds) throws InterruptedException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly(); // a failed test leaves no JVM behind
      fail("still running: " + printed);
    }
    reader.join(5_000);
    return process.exitValue();
  }
}
