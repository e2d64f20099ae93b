package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * deploy/run-benchmarks.sh's own logic, fast, with a stand-in for txbench that records its
 * arguments and exits as told: what each benchmark and history are given, that one failure stops
 * nothing, which outcomes alert, a wrong config, a stop. ScheduledRunsIT runs it with the JAR.
 */
class RunBenchmarksScriptTest {
  private static final String PASSWORD = "s3cret-Qv7";

  /** Records each call (its arguments, one a line, then a blank line); exits --stub-exit's code. */
  private static final String STUB =
      """
      #!/usr/bin/env bash
      dir=$(dirname "$0")
      trap 'echo TERM > "$dir/stub-stopped"; kill $! 2>/dev/null; exit 143' TERM
      { printf '%s\\n' "$@"; echo "TXBENCH_PASSWORD=${TXBENCH_PASSWORD-}"; echo; } >> "$dir/calls"
      if [[ $1 == history ]]; then
        echo "REGRESSION postgres airline p99: 1.0 ms -> 9.0 ms"
        exit "$(cat "$dir/history-exit" 2>/dev/null || echo 0)"
      fi
      prev= out= code=0
      for a in "$@"; do
        case $prev in --output-dir) out=$a ;; --stub-exit) code=$a ;; --stub-sleep) sleep "$a" & wait ;; esac
        prev=$a
      done
      mkdir -p "$out" && echo '{}' > "$out/summary.json"
      if [[ $code == 5 ]]; then echo "threshold p99<1ms: 3.20 ms FAIL"; fi
      echo "stub: the run's last line"
      exit "$code"
      """;

  @TempDir Path dir;

  private RunnerScript.Config config(String more, String... benchmarks) throws IOException {
    Path stub = dir.resolve("txbench");
    Files.writeString(stub, STUB);
    Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwx------"));
    return new RunnerScript.Config(
        dir.resolve("root"),
        List.of(stub.toString()),
        RunnerScript.alertInto(dir),
        more,
        List.of(benchmarks));
  }

  private List<List<String>> calls() throws IOException {
    Path calls = dir.resolve("calls");
    if (!Files.exists(calls)) {
      return List.of();
    }
    return Arrays.stream(Files.readString(calls).split("\n\n"))
        .map(call -> List.of(call.split("\n")))
        .toList();
  }

  private String alert() throws IOException {
    String message = Files.readString(dir.resolve("alert-arg"));
    assertEquals(message, Files.readString(dir.resolve("alert-env")));
    assertEquals(message + "\n", Files.readString(dir.resolve("alert-stdin")));
    return message;
  }

  @Test
  void nothingWrongRunsEachBenchmarkThenHistoryAndDoesNotAlert() throws Exception {
    Path password = dir.resolve("password");
    Files.writeString(password, PASSWORD + "\n");
    RunnerScript.Outcome outcome =
        RunnerScript.run(
            config(
                "PASSWORD_FILE='"
                    + password
                    + "'\n"
                    + "HISTORY_OPTIONS=(--baseline-runs 3 --min-change 25)\n"
                    + "EXPORTS=(bencher=/tmp/b.json github-bigger=/tmp/g.json)",
                "one --workload airline --threshold 'p99<50ms'",
                "two --workload point-select --target-database-password-file /etc/other"),
            dir,
            30);
    assertEquals(0, outcome.code(), outcome.printed());
    List<List<String>> calls = calls();
    assertEquals(3, calls.size(), calls.toString());
    String root = dir.resolve("root").toString();
    List<String> one = calls.get(0);
    assertEquals(
        List.of(
            "--workload",
            "airline",
            "--threshold",
            "p99<50ms",
            "--target-database-password-file",
            password.toString(),
            "--output-dir"),
        one.subList(0, 7));
    Pattern runDir = Pattern.compile(Pattern.quote(root) + "/\\d{4}-\\d\\d-\\d\\dT\\d{6}Z/one");
    assertTrue(runDir.matcher(one.get(7)).matches(), one.get(7));
    assertEquals("TXBENCH_PASSWORD=", one.get(8));
    // A benchmark that names its own password file keeps it, alone.
    assertEquals(
        List.of(
            "--workload",
            "point-select",
            "--target-database-password-file",
            "/etc/other",
            "--output-dir",
            one.get(7).replace("/one", "/two")),
        calls.get(1).subList(0, 6));
    assertEquals(
        List.of(
            "history",
            root,
            "--html",
            root + "/history.html",
            "--baseline-runs",
            "3",
            "--min-change",
            "25",
            "--export",
            "bencher=/tmp/b.json",
            "--export",
            "github-bigger=/tmp/g.json"),
        calls.get(2).subList(0, 12));
    assertFalse(calls.toString().contains(PASSWORD));
    assertTrue(Files.exists(Path.of(one.get(7) + ".log")));
    assertTrue(Files.exists(Path.of(one.get(7)).resolveSibling("history.txt")));
    assertFalse(Files.exists(dir.resolve("alert-arg")), outcome.printed());
    // Each benchmark's output reaches the journal as well as its log.
    assertEquals(
        2, outcome.printed().split("stub: the run's last line", -1).length - 1, outcome.printed());
    assertFalse(outcome.printed().contains("tail:"), outcome.printed());
  }

  /** Each failure alone: the one that fails first, then the other still runs, then history. */
  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of(5, 0, "one: exit 5, a threshold failed\n  threshold p99<1ms: 3.20 ms FAIL"),
        Arguments.of(
            3,
            0,
            "one: exit 3, the target could not be reached or prepared\n"
                + "  stub: the run's last line"),
        Arguments.of(
            0, 6, "history: a regression\n  REGRESSION postgres airline p99: 1.0 ms -> 9.0 ms"),
        Arguments.of(0, 2, "history: exit 2, bad usage"));
  }

  /** Each failure alone: the one that fails first, then the other still runs, then history. */
  @ParameterizedTest
  @MethodSource("failures")
  void eachFailureAlertsOnceAndFailsTheUnit(int benchmarkExit, int historyExit, String expected)
      throws Exception {
    Files.writeString(dir.resolve("history-exit"), String.valueOf(historyExit));
    RunnerScript.Outcome outcome =
        RunnerScript.run(
            config(
                "",
                "one --workload airline --stub-exit " + benchmarkExit,
                "two --workload point-select"),
            dir,
            30);
    assertEquals(1, outcome.code(), outcome.printed());
    assertEquals(3, calls().size(), outcome.printed());
    String message = alert();
    assertTrue(message.startsWith("txbench on "), message);
    assertTrue(message.contains("1 to look at, results in " + dir.resolve("root")), message);
    assertTrue(message.endsWith("\n- " + expected), message);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "", // no benchmark
        "benchmark one --workload airline --output-dir /tmp/x",
        "benchmark one --workload airline --overwrite",
        "benchmark a/b --workload airline",
        "benchmark history.txt --workload airline", // the runner's history log
        "benchmark one\nbenchmark one.log", // one's log
        "benchmark one\nbenchmark one",
        "RESULTS_ROOT=relative\nbenchmark one"
      })
  void aWrongConfigIsOneLineAndExit2(String lines) throws Exception {
    RunnerScript.Outcome outcome = RunnerScript.run(config(lines), dir, 30);
    assertEquals(2, outcome.code(), outcome.printed());
    assertEquals(1, outcome.printed().lines().count(), outcome.printed());
    assertTrue(outcome.printed().startsWith("run-benchmarks: "), outcome.printed());
    assertEquals(List.of(), calls());
    assertFalse(Files.exists(dir.resolve("alert-arg")));
  }

  @Test
  void aTxbenchThatCannotStartIsNamedInTheAlert() throws Exception {
    RunnerScript.Config stub = config("", "one --workload airline");
    RunnerScript.Config missing =
        new RunnerScript.Config(
            stub.root(),
            List.of(dir.resolve("no-java").toString()),
            stub.alertCommand(),
            "",
            stub.benchmarks());
    RunnerScript.Outcome outcome = RunnerScript.run(missing, dir, 30);
    assertEquals(1, outcome.code(), outcome.printed());
    assertTrue(
        alert().contains("- one: exit 127, txbench could not be started (TXBENCH in the config)"),
        outcome.printed());
  }

  @Test
  void aHungAlertCommandIsEndedAfterAlertTimeout() throws Exception {
    RunnerScript.Config stub = config("", "one --workload airline --stub-exit 5");
    RunnerScript.Config hung =
        new RunnerScript.Config(
            stub.root(),
            stub.txbench(),
            "echo started > " + dir.resolve("alert-started") + "; sleep 600",
            "ALERT_TIMEOUT=1",
            stub.benchmarks());
    RunnerScript.Outcome outcome = RunnerScript.run(hung, dir, 30);
    assertEquals(1, outcome.code(), outcome.printed());
    assertTrue(Files.exists(dir.resolve("alert-started")), outcome.printed());
    assertTrue(
        outcome.printed().contains("run-benchmarks: the alert command did not finish in 1 s"),
        outcome.printed());
  }

  @Test
  void aResultsRootThatCannotBeMadeAlertsAndRunsNothing() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    RunnerScript.Config stub = config("", "one --workload airline");
    RunnerScript.Config unwritable =
        new RunnerScript.Config(
            file.resolve("results"), stub.txbench(), stub.alertCommand(), "", stub.benchmarks());
    RunnerScript.Outcome outcome = RunnerScript.run(unwritable, dir, 30);
    assertEquals(1, outcome.code(), outcome.printed());
    assertEquals(List.of(), calls());
    String message = alert();
    assertTrue(message.contains(": nothing run, cannot keep results: "), message);
    assertTrue(message.contains(file.toString()), message);
  }

  /** A second runner on the same root, while the first runs, runs nothing and says why. */
  @Test
  void aSecondRunnerAtOnceRunsNothingAndExits3() throws Exception {
    Path file = dir.resolve("benchmarks.conf");
    Files.writeString(file, config("", "one --workload airline --stub-sleep 60").text());
    Process first =
        new ProcessBuilder(RunnerScript.SCRIPT.toString(), file.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("printed").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (calls().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      RunnerScript.Outcome second =
          RunnerScript.run(Map.of(), 30, RunnerScript.SCRIPT.toString(), file.toString());
      assertEquals(3, second.code(), second.printed());
      assertEquals(
          "run-benchmarks: another runner is running on "
              + dir.resolve("root")
              + " (it holds "
              + dir.resolve("root").resolve(".run-benchmarks.lock")
              + "); nothing run\n",
          second.printed());
      assertEquals(1, calls().size(), "the second runner ran: " + calls());
      assertFalse(Files.exists(dir.resolve("alert-arg")));
    } finally {
      new ProcessBuilder("kill", "-TERM", String.valueOf(first.pid())).start().waitFor();
      assertTrue(first.waitFor(20, TimeUnit.SECONDS), "the first runner did not stop");
    }
  }

  @Test
  void aMissingConfigOrNoneIsExit2() throws Exception {
    String script = RunnerScript.SCRIPT.toString();
    RunnerScript.Outcome missing =
        RunnerScript.run(Map.of(), 30, script, dir.resolve("none").toString());
    assertEquals(2, missing.code(), missing.printed());
    assertTrue(missing.printed().contains("cannot read it"), missing.printed());
    assertEquals(2, RunnerScript.run(Map.of(), 30, script).code());
  }

  @Test
  void aStopEndsTheBenchmarkInHandRunsNoMoreAndAlerts() throws Exception {
    Path file = dir.resolve("benchmarks.conf");
    Files.writeString(
        file,
        config("", "one --workload airline --stub-sleep 60", "two --workload point-select").text());
    Process runner =
        new ProcessBuilder(RunnerScript.SCRIPT.toString(), file.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("printed").toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (calls().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    // SIGTERM, as systemd's stop and TimeoutStartSec send (Process.destroy would close its output).
    new ProcessBuilder("kill", "-TERM", String.valueOf(runner.pid())).start().waitFor();
    assertTrue(runner.waitFor(20, TimeUnit.SECONDS), "the runner did not stop");
    assertEquals(143, runner.exitValue(), Files.readString(dir.resolve("printed")));
    assertTrue(Files.exists(dir.resolve("stub-stopped")), "txbench was not told to stop");
    assertEquals(1, calls().size(), "ran more after the stop: " + calls());
    String message = alert();
    assertTrue(message.contains("- one: exit 143, stopped by a signal"), message);
    assertTrue(message.contains("- two: not run (the runner was stopped)"), message);
  }
}
