package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** compare, merge and report on bad input: one line, exit 2; on a sweep's directory: its runs. */
class ResultToolsCliTest {
  @TempDir Path dir;

  /** A run's summary.json, as much of it as compare reads. */
  private Path run(String name, String start, double tps) throws IOException {
    Path run = Files.createDirectories(dir.resolve(name));
    Files.writeString(run.resolve("summary.json"), "{\"target\": \"postgres\", \"serverVersion\":"
        + " \"PostgreSQL 17\", \"workload\": \"insert\", \"parallelism\": 4, \"start\": \""
        + start + "\", \"tps\": " + tps + ", \"responseTimeMs\": {\"p99\": 2.0}}");
    return run;
  }

  private static void assertUsageError(CliRun run, String named) {
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.out() + run.err());
    String err = run.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.startsWith("txbench: "), err);
    assertTrue(err.contains(named), err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), err);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "''|is corrupt: it is empty",
    "{\"target\": \"postgres\", \"tps\": 3|is corrupt: not valid JSON",
    "[]|is not a txbench summary",
  })
  void aCorruptSummaryIsAUsageErrorForEveryTool(String content, String what) throws IOException {
    Path good = run("good", "2026-01-01T00:00:00Z", 10);
    Path bad = run("bad", "2026-01-01T00:01:00Z", 10);
    Files.writeString(bad.resolve("summary.json"), content);
    String named = bad.resolve("summary.json") + " " + what;
    assertUsageError(CliRun.of("compare", good.toString(), bad.toString()), named);
    assertUsageError(CliRun.of("merge", good.toString(), bad.toString(), "--output",
        dir.resolve("merged").toString()), named);
    assertUsageError(CliRun.of("report", good.toString(), bad.toString(), "--output",
        dir.resolve("report.html").toString()), named);
    assertFalse(Files.exists(dir.resolve("report.html")));
  }

  @Test
  void mergeOfOneRunSaysWhatToGive() throws IOException {
    Path only = run("client-0", "2026-01-01T00:00:00Z", 10);
    assertUsageError(CliRun.of("merge", only.toString(), "--output",
        dir.resolve("merged").toString()), "name two or more result directories");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "compare|Missing required parameter",
    "compare --format html RUN|--format",
    "compare NOWHERE|does not exist",
    "compare EMPTY|not a txbench result directory",
    "compare RUN --baseline nope|--baseline nope is none of the runs compared",
    "compare --no-such-option RUN|--no-such-option",
    "merge RUN RUN2|--output",
    "merge RUN RUN2 --output /proc/version/merged|has no histogram.hlog to merge",
    "report|Missing required parameter",
    "report RUN --output /proc/version/report.html|cannot write /proc/version/report.html",
    "report NOWHERE|does not exist",
  })
  void everyUsageErrorOfTheResultToolsIsOneLineAndExitCode2(String args, String named)
      throws IOException {
    Path run = run("run", "2026-01-01T00:00:00Z", 10);
    Path run2 = run("run2", "2026-01-01T00:01:00Z", 10);
    Path empty = Files.createDirectories(dir.resolve("empty"));
    List<String> argv = new ArrayList<>();
    for (String a : args.split(" ")) {
      argv.add(switch (a) {
        case "RUN" -> run.toString();
        case "RUN2" -> run2.toString();
        case "EMPTY" -> empty.toString();
        case "NOWHERE" -> dir.resolve("nowhere").toString();
        default -> a;
      });
    }
    assertUsageError(CliRun.of(argv.toArray(String[]::new)), named);
  }

  @Test
  void compareReadsASweepsDirectoryInItsOrderAndNamesTheBaseline() throws IOException {
    run("sweep/postgres-insert-p64", "2026-01-01T00:02:00Z", 40);
    run("sweep/postgres-insert-p8", "2026-01-01T00:00:00Z", 10);
    run("sweep/postgres-insert-p16", "2026-01-01T00:01:00Z", 20);
    CliRun compare = CliRun.of("compare", dir.resolve("sweep").toString());
    assertEquals(0, compare.exitCode(), compare.err());
    List<String> runs = compare.out().lines().filter(l -> l.startsWith("postgres-insert-"))
        .map(l -> l.split(" ")[0]).toList();
    assertEquals(List.of("postgres-insert-p8", "postgres-insert-p16", "postgres-insert-p64"),
        runs, compare.out());
    assertTrue(compare.out().contains("ratios to the baseline, postgres-insert-p8"),
        compare.out());
    CliRun chosen = CliRun.of("compare", "--baseline", "postgres-insert-p16",
        dir.resolve("sweep/postgres-insert-p64").toString(),
        dir.resolve("sweep/postgres-insert-p8").toString(),
        dir.resolve("sweep/postgres-insert-p16").toString());
    assertEquals(0, chosen.exitCode(), chosen.err());
    assertTrue(chosen.out().contains("ratios to the baseline, postgres-insert-p16"),
        chosen.out());
    assertTrue(chosen.out().lines().anyMatch(l -> l.startsWith("postgres-insert-p64 ")
        && l.contains(" 2.00 ")), chosen.out());
  }
}
