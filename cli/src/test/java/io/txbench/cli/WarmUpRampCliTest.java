package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up's ramp is kept: its periods in warmup.csv (intervals.csv's columns, t from the
 * warm-up's start), drawn by the report as a thin line before the window's start (0 s).
 */
class WarmUpRampCliTest {
  @TempDir Path dir;

  @Test
  void theWarmUpsPeriodsAreWrittenAndDrawnBeforeTheWindow() throws IOException {
    Path out = dir.resolve("run");
    // A window of 3 s: the report draws a run's lines only from 5 whole periods on, and a busy
    // machine that holds the metrics thread back leaves fewer than 5 in a window of 1 s.
    CliRun run =
        pointSelect(out, "--warmup", "1s", "--duration", "3s", "--metrics", "100ms", "--no-verify");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());

    List<String> warmUp = Files.readAllLines(out.resolve("warmup.csv"));
    List<String> window = Files.readAllLines(out.resolve("intervals.csv"));
    assertEquals(window.get(0), warmUp.get(0), "the same columns as intervals.csv");
    // About ten periods of 100 ms (fewer when a busy machine holds the metrics thread back); t
    // counts from the warm-up's start, and the last ends with it.
    assertTrue(warmUp.size() - 1 >= 3, warmUp.toString());
    double last = Double.parseDouble(warmUp.get(warmUp.size() - 1).split(",")[0]);
    assertTrue(last >= 0.95 && last < 5, warmUp.toString());
    long iterations =
        warmUp.stream().skip(1).mapToLong(line -> Long.parseLong(line.split(",")[1])).sum();
    assertTrue(iterations > 0, warmUp.toString());

    Path page = dir.resolve("report.html");
    CliRun report = CliRun.of("report", out.toString(), "--output", page.toString());
    assertEquals(ExitCodes.OK, report.exitCode(), report.err());
    String html = Files.readString(page);
    assertTrue(html.contains("before 0 s, thin, the warm-up"), "the throughput chart says so");
    assertTrue(
        html.contains("{\"run\":0,\"label\":\"#1 run warm-up\",\"light\":true}"),
        "a thin warm-up line beside the run's");
    // The chart's x values start before the window: the warm-up's, ending at 0.
    Matcher x = Pattern.compile("\"data\":\\[\\[(-[0-9.]+),").matcher(html);
    assertTrue(x.find(), "a chart whose x values start below 0");
    double first = Double.parseDouble(x.group(1));
    assertTrue(first > -last && first < 0, x.group(1) + " after the warm-up's " + last + " s");
  }

  @Test
  void aWarmUpThatSettlesRunsInTwoLegsThatReadAsOne() throws IOException {
    Path out = dir.resolve("settling");
    // No --warmup: at least a third of the run (2 s), its first half a leg of its own.
    CliRun run = pointSelect(out, "--duration", "6s", "--metrics", "100ms", "--no-verify");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    assertEquals(1, run.out().split("Warming up", -1).length - 1, "said once: " + run.out());
    List<String> warmUp = Files.readAllLines(out.resolve("warmup.csv"));
    double before = 0;
    for (String line : warmUp.subList(1, warmUp.size())) {
      double t = Double.parseDouble(line.split(",")[0]);
      assertTrue(t > before, "t goes on across the legs: " + warmUp);
      before = t;
    }
    Matcher over = Pattern.compile("Warm-up over after ([0-9.]+) s").matcher(run.out());
    assertTrue(over.find(), run.out());
    double length = Double.parseDouble(over.group(1));
    assertTrue(length >= 2, "both legs: " + run.out());
    assertTrue(Math.abs(before - length) < 0.5, before + " s in warmup.csv, " + run.out());
  }

  @Test
  void aRunWithoutWarmUpWritesNoWarmUpFile() throws IOException {
    Path out = dir.resolve("cold");
    CliRun run = pointSelect(out, "--iterations", "50", "--warmup", "0s");
    assertEquals(ExitCodes.OK, run.exitCode(), run.err() + run.out());
    assertTrue(Files.exists(out.resolve("intervals.csv")));
    assertFalse(Files.exists(out.resolve("warmup.csv")));
  }

  /** Point-select on the toy target, its results in {@code out}. */
  private static CliRun pointSelect(Path out, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "--benchmark-target",
                "toy",
                "--embedded",
                "--workload",
                "point-select",
                "--output-dir",
                out.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }
}
