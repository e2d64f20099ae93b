package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.options.ExitCodes;
import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.report.files.HistogramLog;
import io.txbench.report.files.IntervalsCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** compare, merge and report on bad input: one line, exit 2; on a sweep's directory: its runs. */
class ResultToolsCliTest {
  @TempDir Path dir;

  /** A run's summary.json, as much of it as compare reads: 30 s from {@code start}. */
  private Path run(String name, String start, double tps) throws IOException {
    Path run = Files.createDirectories(dir.resolve(name));
    Files.writeString(
        run.resolve("summary.json"),
        "{\"target\": \"postgres\", \"serverVersion\":"
            + " \"PostgreSQL 17\", \"workload\": \"insert\", \"parallelism\": 4, \"start\": \""
            + start
            + "\", \"end\": \""
            + Instant.parse(start).plusSeconds(30)
            + "\","
            + " \"measuredSeconds\": 30.0, \"iterations\": "
            + Math.round(tps * 30)
            + ", \"tps\": "
            + tps
            + ", \"retries\": 0, \"errors\": 0, \"responseTimeMs\": {\"p50\": 1.0,"
            + " \"p95\": 1.5, \"p99\": 2.0, \"p999\": 3.0, \"max\": 4.0}}");
    return run;
  }

  /**
   * A client's run as txbench writes it: {@code seconds} periods of one second from {@code start},
   * {@code perSecond} iterations of 1 ms in each.
   */
  private Path client(String name, String start, int seconds, int perSecond) throws IOException {
    Path run = run(name, start, perSecond);
    String summary =
        Files.readString(run.resolve("summary.json"))
            .replace("\"measuredSeconds\": 30.0", "\"measuredSeconds\": " + seconds)
            .replace(
                Instant.parse(start).plusSeconds(30).toString(),
                Instant.parse(start).plusSeconds(seconds).toString())
            .replace("\"iterations\": " + perSecond * 30, "\"iterations\": " + perSecond * seconds);
    Files.writeString(run.resolve("summary.json"), summary);
    IntervalsCsv intervals = new IntervalsCsv(run, List.of());
    HistogramLog log = new HistogramLog(run, false);
    log.onStart(Instant.parse(start).toEpochMilli(), 4);
    for (int s = 0; s < seconds; s++) {
      Histogram h = new Histogram(3);
      h.setStartTimeStamp(Instant.parse(start).toEpochMilli() + s * 1000L);
      h.setEndTimeStamp(h.getStartTimeStamp() + 1000);
      h.recordValueWithCount(1_000_000, perSecond);
      IntervalStats period =
          new IntervalStats(
              (s + 1) * 1_000_000_000L,
              1_000_000_000L,
              h,
              h,
              0,
              0,
              0,
              0,
              new ClientUsage(
                  1_000_000_000L, 4, OptionalLong.of(250_000_000L), 0, 0, OptionalDouble.empty()),
              4,
              s + 1 == seconds,
              Breakdown.NONE);
      intervals.onInterval(period);
      log.onInterval(period);
    }
    intervals.close();
    log.close();
    return run;
  }

  /** A run stopped before its window opened: no iteration, its histogram log cut to its header. */
  private Path stoppedBeforeMeasuring(String name, String start) throws IOException {
    Path run = run(name, start, 0);
    Path summary = run.resolve("summary.json");
    Files.writeString(
        summary,
        Files.readString(summary)
            .replace("\"iterations\"", "\"stopReason\": \"INTERRUPTED\", \"iterations\""));
    new IntervalsCsv(run, List.of()).close();
    HistogramLog log = new HistogramLog(run, false);
    log.onStart(Instant.parse(start).toEpochMilli(), 4);
    log.close();
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
  @CsvSource(
      delimiter = '|',
      value = {
        "''|is corrupt: it is empty",
        "{\"target\": \"postgres\", \"tps\": 3|is corrupt: not valid JSON",
        "[]|is not a txbench summary",
        "{\"target\": \"postgres\", \"workload\": \"insert\"}|is corrupt: no \"serverVersion\" in it",
      })
  void aCorruptSummaryIsAUsageErrorForEveryTool(String content, String what) throws IOException {
    Path good = run("good", "2026-01-01T00:00:00Z", 10);
    Path bad = run("bad", "2026-01-01T00:01:00Z", 10);
    Files.writeString(bad.resolve("summary.json"), content);
    String named = bad.resolve("summary.json") + " " + what;
    assertUsageError(CliRun.of("compare", good.toString(), bad.toString()), named);
    assertUsageError(
        CliRun.of(
            "merge", good.toString(), bad.toString(), "--output", dir.resolve("merged").toString()),
        named);
    assertUsageError(
        CliRun.of(
            "report",
            good.toString(),
            bad.toString(),
            "--output",
            dir.resolve("report.html").toString()),
        named);
    assertFalse(Files.exists(dir.resolve("report.html")));
  }

  /** compare, report and merge leave out a run stopped before measuring, in one line each. */
  @Test
  void aRunStoppedBeforeMeasuringIsLeftOutWithANote() throws IOException {
    client("runs/client-0", "2026-01-01T00:00:00Z", 3, 10);
    client("runs/client-1", "2026-01-01T00:00:00.100Z", 3, 10);
    Path stopped = stoppedBeforeMeasuring("runs/r3", "2026-01-01T00:00:00.200Z");
    String runs = dir.resolve("runs").toString();
    String note = "txbench: warning: skipped " + stopped + ": stopped before measuring\n";
    CliRun compare = CliRun.of("compare", runs);
    assertEquals(ExitCodes.OK, compare.exitCode(), compare.err());
    assertEquals(note, compare.err());
    assertFalse(compare.out().contains("r3"), compare.out());
    CliRun report = CliRun.of("report", runs, "--output", dir.resolve("r.html").toString());
    assertEquals(ExitCodes.OK, report.exitCode(), report.err());
    assertEquals(note, report.err());
    CliRun merge = CliRun.of("merge", runs, "--output", dir.resolve("merged").toString());
    assertEquals(ExitCodes.OK, merge.exitCode(), merge.err());
    assertTrue(merge.err().startsWith(note), merge.err());
    assertTrue(merge.out().contains("Merged 2 runs"), merge.out());
  }

  /** A run linked as "latest", or named twice through a link, is merged once. */
  @Test
  void mergeCountsARunLinkedTwiceOnce() throws IOException {
    Path one = client("root/mg-1", "2026-01-01T00:00:00Z", 3, 10);
    Path two = client("root/mg-2", "2026-01-01T00:00:00.100Z", 3, 10);
    Path latest = Files.createSymbolicLink(dir.resolve("root/latest"), two);
    Path merged = dir.resolve("merged");
    CliRun merge =
        CliRun.of("merge", dir.resolve("root").toString(), "--output", merged.toString());
    assertEquals(ExitCodes.OK, merge.exitCode(), merge.err());
    assertEquals(
        "txbench: warning: skipped " + latest + ": the same run as " + two + " (counted once)\n",
        merge.err());
    assertTrue(merge.out().contains("Merged 2 runs"), merge.out());
    String summary = Files.readString(merged.resolve("summary.json"));
    assertTrue(summary.contains("\"iterations\" : 60,"), summary);
    Path link = Files.createSymbolicLink(dir.resolve("mg-1-link"), one);
    CliRun twice =
        CliRun.of(
            "merge", one.toString(), link.toString(), "--output", dir.resolve("m2").toString());
    assertEquals(ExitCodes.USAGE, twice.exitCode(), twice.err());
    assertEquals(
        List.of(
            "txbench: warning: skipped " + link + ": the same run as " + one + " (counted once)",
            "txbench: merge combines the runs of several clients, and "
                + one
                + " holds only one: name two or more result directories, or the directory that"
                + " holds them (see --help)"),
        twice.err().lines().toList());
  }

  /**
   * report, export and history refuse to write over a run's files, named, through a symbolic link
   * or by a hard link (another name of the same file).
   */
  @Test
  void noToolWritesOverARunsResultFile() throws IOException {
    Path run = client("runs/r1", "2026-01-01T00:00:00Z", 2, 10);
    client("runs/r2", "2026-01-01T00:00:00.100Z", 2, 10);
    Path latest = Files.createSymbolicLink(dir.resolve("latest"), run);
    Path copy = Files.createLink(dir.resolve("copy.json"), run.resolve("summary.json"));
    Path logCopy = Files.createLink(dir.resolve("copy.hlog"), run.resolve("histogram.hlog"));
    String summary = Files.readString(run.resolve("summary.json"));
    byte[] log = Files.readAllBytes(run.resolve("histogram.hlog"));
    String runs = dir.resolve("runs").toString();
    for (String[] argv :
        List.of(
            new String[] {"report", run.toString(), "--output", run + "/summary.json"},
            new String[] {"report", run.toString(), "--output", latest + "/histogram.hlog"},
            new String[] {"export", "bencher=" + run + "/summary.json", run.toString()},
            new String[] {"history", runs, "--html", run + "/summary.json"},
            new String[] {"history", runs, "--export", "bencher=" + latest + "/summary.json"},
            new String[] {"report", run.toString(), "--output", copy.toString()},
            new String[] {"report", runs, "--output", logCopy.toString()},
            new String[] {"export", "bencher=" + copy, run.toString()},
            new String[] {"history", runs, "--html", copy.toString()})) {
      assertUsageError(CliRun.of(argv), "it is a run's result file (" + run.toRealPath() + "/");
    }
    assertEquals(summary, Files.readString(run.resolve("summary.json")));
    assertTrue(java.util.Arrays.equals(log, Files.readAllBytes(run.resolve("histogram.hlog"))));
    CliRun beside = CliRun.of("report", run.toString(), "--output", run + "/report.html");
    assertEquals(ExitCodes.OK, beside.exitCode(), beside.err());
  }

  /** merge --overwrite never empties an input, named through a link. */
  @Test
  void mergeRefusesAnInputThroughALinkAsItsOutput() throws IOException {
    Path a = client("client-0", "2026-01-01T00:00:00Z", 3, 10);
    Path b = client("client-1", "2026-01-01T00:00:00.100Z", 3, 10);
    Path latest = Files.createSymbolicLink(dir.resolve("latest"), a);
    assertUsageError(
        CliRun.of(
            "merge", a.toString(), b.toString(), "--output", latest.toString(), "--overwrite"),
        "--output " + latest + " is one of the directories merged");
    assertTrue(Files.exists(a.resolve("summary.json")));
  }

  @Test
  void mergeOfOneRunSaysWhatToGive() throws IOException {
    Path only = run("client-0", "2026-01-01T00:00:00Z", 10);
    assertUsageError(
        CliRun.of("merge", only.toString(), "--output", dir.resolve("merged").toString()),
        "name two or more result directories");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "compare|Missing required parameter",
        "compare --format html RUN|--format",
        "compare NOWHERE|does not exist",
        "compare EMPTY|not a txbench result directory",
        "compare RUN --baseline nope|--baseline nope is none of the runs compared",
        "compare RUN --baseline=|--baseline must name a run: its directory, or its name (run)",
        "compare --no-such-option RUN|--no-such-option",
        "compare RUN --width 39|--width must be between 40 and 1,000, not 39",
        "compare RUN --width=100000|--width must be between 40 and 1,000, not 100000",
        "compare RUN --width wide|--width",
        "merge RUN RUN2|--output",
        "merge RUN RUN2 --output /proc/version/merged|has no histogram.hlog",
        "merge RUN RUN2 --output /proc/version/merged --cost-per-hour -1|--cost-per-hour must be"
            + " between 0 and 1000000, not -1",
        "merge RUN RUN2 --output /proc/version/merged --cost-per-hour NaN|--cost-per-hour must be"
            + " between 0 and 1000000, not NaN",
        "report|Missing required parameter",
        "report CLIENT --output /proc/version/report.html|cannot write /proc/version/report.html",
        "report NOWHERE|does not exist",
      })
  void everyUsageErrorOfTheResultToolsIsOneLineAndExitCode2(String args, String named)
      throws IOException {
    Path run = run("run", "2026-01-01T00:00:00Z", 10);
    Path run2 = run("run2", "2026-01-01T00:01:00Z", 10);
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path client = client("client", "2026-01-01T00:00:00Z", 2, 10);
    List<String> argv = new ArrayList<>();
    for (String a : args.split(" ", -1)) {
      argv.add(
          switch (a) {
            case "RUN" -> run.toString();
            case "RUN2" -> run2.toString();
            case "CLIENT" -> client.toString();
            case "EMPTY" -> empty.toString();
            case "NOWHERE" -> dir.resolve("nowhere").toString();
            default -> a;
          });
    }
    assertUsageError(CliRun.of(argv.toArray(String[]::new)), named);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "\"tps\": 10.0|\"tps\": \"fast\"|\"tps\" is \"fast\", not a number of 0 or more",
        "\"responseTimeMs\": {|\"responseTimeMs\": null, \"x\": {|\"responseTimeMs\" is null",
        "\"start\"|\"began\"|no \"start\" in it",
      })
  void aSummaryWithAFieldWrongIsRefusedNotShownAsZeros(String field, String forged, String what)
      throws IOException {
    Path good = run("good", "2026-01-01T00:00:00Z", 10);
    Path bad = run("bad", "2026-01-01T00:00:10Z", 10);
    Path file = bad.resolve("summary.json");
    Files.writeString(file, Files.readString(file).replace(field, forged));
    String named = file + " is corrupt: " + what;
    assertUsageError(CliRun.of("compare", good.toString(), bad.toString()), named);
    for (String tool : List.of("report", "merge")) {
      assertUsageError(
          CliRun.of(
              tool, good.toString(), bad.toString(), "--output", dir.resolve("out").toString()),
          named);
    }
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void reportRefusesAHistogramLogCutToItsHeaderOrMissing() throws IOException {
    Path run = client("run", "2026-01-01T00:00:00Z", 2, 10);
    Path log = run.resolve("histogram.hlog");
    Files.write(log, Files.readAllLines(log).stream().filter(l -> !l.matches("^[0-9].*")).toList());
    Path html = dir.resolve("report.html");
    assertUsageError(
        CliRun.of("report", run.toString(), "--output", html.toString()),
        log + " is corrupt: it holds no histogram");
    Files.delete(log);
    assertUsageError(
        CliRun.of("report", run.toString(), "--output", html.toString()),
        run + " has no histogram.hlog");
    assertFalse(Files.exists(html));
  }

  @Test
  void reportOfASweepHasEveryRunAndACorruptServerCsvIsAUsageError() throws IOException {
    client("sweep/postgres-insert-p8", "2026-01-01T00:00:00Z", 2, 10);
    Path p16 = client("sweep/postgres-insert-p16", "2026-01-01T00:00:02Z", 2, 20);
    Path html = dir.resolve("report.html");
    CliRun report =
        CliRun.of("report", dir.resolve("sweep").toString(), "--output", html.toString());
    assertEquals(0, report.exitCode(), report.err());
    String page = Files.readString(html);
    assertTrue(page.contains("<title>txbench report: 2 runs</title>"), page);
    assertTrue(page.contains("postgres-insert-p8") && page.contains("postgres-insert-p16"));
    assertTrue(page.contains("No run has a server.csv"), "said, not drawn");

    Files.writeString(p16.resolve("server.csv"), "t,period_s,cpu_user_pct\n1,1,busy\n");
    Files.delete(html);
    assertUsageError(
        CliRun.of("report", dir.resolve("sweep").toString(), "--output", html.toString()),
        p16.resolve("server.csv") + " is corrupt: line 2, column cpu_user_pct is 'busy'");
    assertFalse(Files.exists(html));
  }

  @Test
  void mergeRefusesASweepsLevelsThatRanOneAfterAnother() throws IOException {
    client("sweep/postgres-insert-p8", "2026-01-01T00:00:00Z", 2, 10);
    client("sweep/postgres-insert-p16", "2026-01-01T00:00:02Z", 2, 20);
    client("sweep/postgres-insert-p32", "2026-01-01T00:00:04Z", 2, 30);
    Path merged = dir.resolve("merged");
    assertUsageError(
        CliRun.of("merge", dir.resolve("sweep").toString(), "--output", merged.toString()),
        dir.resolve("sweep/postgres-insert-p8")
            + " and "
            + dir.resolve("sweep/postgres-insert-p32")
            + " did not run at the same time");
    assertFalse(Files.exists(merged));
  }

  @Test
  void mergeOfClientsThatOverlapLittleSaysTheThroughputIsUnderstated() throws IOException {
    client("clients/client-0", "2026-01-01T00:00:00Z", 4, 100);
    client("clients/client-1", "2026-01-01T00:00:02.260Z", 4, 300);
    Path merged = dir.resolve("merged");
    CliRun merge =
        CliRun.of("merge", dir.resolve("clients").toString(), "--output", merged.toString());
    assertEquals(0, merge.exitCode(), merge.err());
    assertEquals(1, merge.err().lines().count(), merge.err());
    assertTrue(
        merge
            .err()
            .startsWith(
                "txbench: warning: the clients all ran together for 1.74" + " s of the 6.26 s"),
        merge.err());
    String summary = Files.readString(merged.resolve("summary.json"));
    assertTrue(summary.contains("\"tps\" : 255.59"), summary); // 1600 in 6.26 s
    assertTrue(summary.contains("\"measuredSeconds\" : 6.26"), summary);
    List<String> t =
        Files.readAllLines(merged.resolve("intervals.csv")).stream()
            .skip(1)
            .map(l -> l.split(",", -1)[0])
            .toList();
    assertEquals(List.of("1.000", "2.000", "3.000", "4.000", "5.000", "6.000"), t);
  }

  /**
   * merge adds up the prices its clients' runs were given, refuses them when only some have one,
   * and takes a price for each client instead: 2 x 0.25 = 0.50 an hour over the 3.1 s of both.
   */
  @Test
  void mergeTakesAPricePerClientWhenOnlySomeRunsHaveOne() throws IOException {
    Path a = client("client-0", "2026-01-01T00:00:00Z", 3, 10);
    Path b = client("client-1", "2026-01-01T00:00:00.100Z", 3, 10);
    Path file = a.resolve("summary.json");
    Files.writeString(
        file,
        Files.readString(file)
            .replace(
                "\"iterations\"",
                "\"cost\": {\"perHour\": 3.0, \"window\": 0.0025, \"perMillionIterations\":"
                    + " 83.3333}, \"iterations\""));
    Path merged = dir.resolve("merged");
    assertUsageError(
        CliRun.of("merge", a.toString(), b.toString(), "--output", merged.toString()),
        "1 of the 2 runs were given a price (--cost-per-hour), not client-1: give merge"
            + " --cost-per-hour, the price of each client");
    assertFalse(Files.exists(merged));
    CliRun merge =
        CliRun.of(
            "merge",
            a.toString(),
            b.toString(),
            "--output",
            merged.toString(),
            "--cost-per-hour",
            "0.25");
    assertEquals(0, merge.exitCode(), merge.err());
    // 0.5 x 3.1 / 3600 = 0.000430556; over the 60 iterations, 7.17593 a million.
    assertEquals(
        "{\"perHour\":0.5,\"window\":4.30556E-4,\"perMillionIterations\":7.17593}",
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(merged.resolve("summary.json").toFile())
            .get("cost")
            .toString());
    String written = Files.readString(merged.resolve("summary.json"));
    assertTrue(written.contains("\"window\" : 0.000430556,"), written); // no exponent in the file
    assertTrue(merge.out().contains("cost/M"), merge.out());
  }

  @Test
  void mergeWritesOverNoRunUnlessTold() throws IOException {
    Path a = client("client-0", "2026-01-01T00:00:00Z", 3, 10);
    Path b = client("client-1", "2026-01-01T00:00:00.100Z", 3, 10);
    String before = Files.readString(a.resolve("summary.json"));
    assertUsageError(
        CliRun.of("merge", a.toString(), b.toString(), "--output", ""),
        "--output must name a directory for the merged result");
    assertUsageError(
        CliRun.of("merge", a.toString(), b.toString(), "--output", a.toString(), "--overwrite"),
        "--output " + a + " is one of the directories merged");
    assertUsageError(
        CliRun.of(
            "merge",
            dir.toString() + "/client-0",
            b.toString(),
            "--output",
            dir.toString() + "/./client-1/"),
        "is one of the directories merged");
    assertEquals(before, Files.readString(a.resolve("summary.json")));
    Path earlier = client("earlier", "2025-01-01T00:00:00Z", 2, 5);
    assertUsageError(
        CliRun.of("merge", a.toString(), b.toString(), "--output", earlier.toString()),
        earlier
            + " already holds the results of a run: give another"
            + " directory, or --overwrite to replace them");
    assertTrue(Files.readString(earlier.resolve("summary.json")).contains("2025-01-01"));
    CliRun overwritten =
        CliRun.of(
            "merge", a.toString(), b.toString(), "--output", earlier.toString(), "--overwrite");
    assertEquals(0, overwritten.exitCode(), overwritten.err());
    assertTrue(Files.readString(earlier.resolve("summary.json")).contains("mergedFrom"));
  }

  @Test
  void compareReadsASweepsDirectoryInItsOrderAndNamesTheBaseline() throws IOException {
    run("sweep/postgres-insert-p64", "2026-01-01T00:02:00Z", 40);
    run("sweep/postgres-insert-p8", "2026-01-01T00:00:00Z", 10);
    run("sweep/postgres-insert-p16", "2026-01-01T00:01:00Z", 20);
    CliRun compare = CliRun.of("compare", dir.resolve("sweep").toString());
    assertEquals(0, compare.exitCode(), compare.err());
    // Runs alike but for their directory: their index tells them apart, the directory is beside.
    List<String> runs =
        compare.out().lines().filter(l -> l.contains("  postgres-insert-")).toList();
    assertEquals(
        List.of("1 ", "2 ", "3 "),
        runs.stream().map(l -> l.substring(0, 2)).toList(),
        compare.out());
    assertEquals(
        List.of("postgres-insert-p8", "postgres-insert-p16", "postgres-insert-p64"),
        runs.stream().map(l -> l.substring(l.lastIndexOf(' ') + 1)).toList(),
        compare.out());
    assertTrue(
        compare.out().contains("are to the baseline, run 1 (postgres-insert-p8)"), compare.out());
    CliRun chosen =
        CliRun.of(
            "compare",
            "--baseline",
            "postgres-insert-p16",
            dir.resolve("sweep/postgres-insert-p64").toString(),
            dir.resolve("sweep/postgres-insert-p8").toString(),
            dir.resolve("sweep/postgres-insert-p16").toString());
    assertEquals(0, chosen.exitCode(), chosen.err());
    assertTrue(
        chosen.out().contains("are to the baseline, run 2 (postgres-insert-p16)"), chosen.out());
    assertTrue(
        chosen
            .out()
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("3 ")
                        && l.endsWith(" postgres-insert-p64")
                        && l.contains(" 2.00 ")),
        chosen.out());
  }

  /**
   * The text table is as wide as --width says, or else as the terminal's COLUMNS does, or 120: a
   * column that does not fit is left out, and said so.
   */
  @Test
  void compareIsAsWideAsTheTerminalOrAsAsked() throws IOException {
    String runs = dir.resolve("sweep").toString();
    for (String level : List.of("1", "2", "3")) {
      run(
          "sweep/" + "x".repeat(60) + "-postgres-insert-p" + level,
          "2026-01-01T00:0" + level + ":00Z",
          10);
    }
    Map<String, Integer> widths =
        Map.of("", 120, "80", 80, "200", 200, "wide", 120, "20", 40, "5000", 1000);
    widths.forEach(
        (columns, width) -> {
          CliRun compare =
              CliRun.of(columns.isEmpty() ? Map.of() : Map.of("COLUMNS", columns), "compare", runs);
          assertEquals(0, compare.exitCode(), compare.err());
          assertTrue(compare.out().lines().allMatch(l -> l.length() <= width), compare.out());
          assertEquals(
              width <= 120,
              compare.out().contains("left out to fit " + width + " columns:"),
              columns + ":\n" + compare.out());
        });
    CliRun asked = CliRun.of(Map.of("COLUMNS", "80"), "compare", "--width", "200", runs);
    assertEquals(0, asked.exitCode(), asked.err());
    assertTrue(asked.out().contains("x".repeat(60) + "-postgres-insert-p3\n"), asked.out());
  }
}
