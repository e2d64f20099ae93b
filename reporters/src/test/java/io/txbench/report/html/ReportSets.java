package io.txbench.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sets of runs people make, for the report's page tests: short runs with default settings, runs
 * too short for their period, a mix of workloads on two targets, and fifty runs of a sweep. Figures
 * are of the order this machine measured (PostgreSQL 15 and MariaDB 10.11, 100,000 rows).
 */
final class ReportSets {
  private static final long START = 1_760_000_000_000L;

  private ReportSets() {}

  /** A workload's figures: its tps and median response time at 8 threads, on PostgreSQL. */
  private record Workload(String name, double tps, double medianMs, boolean items) {}

  private static final List<Workload> MIX =
      List.of(
          new Workload("airline", 2_100, 3.5, false),
          new Workload("point-select", 70_000, 0.09, true),
          new Workload("oltp-read-write", 1_800, 4.2, true),
          new Workload("ycsb-a", 28_000, 0.25, true),
          new Workload("analytics", 6, 650, false),
          new Workload("insert", 9_500, 0.8, true));

  /**
   * Six runs of 12 s, the period txbench picks without --metrics (0.5 s, as summary.json records
   * it): two targets at 4, 8 and 16 threads.
   */
  static List<ReportFixture.Run> shortRuns() {
    List<ReportFixture.Run> runs = new ArrayList<>();
    for (String target : List.of("postgres", "mysql")) {
      for (int p : List.of(4, 8, 16)) {
        runs.add(run(target, MIX.get(1), p, 12, "PT0.5S", runs.size()));
      }
    }
    return runs;
  }

  /** Two runs of 15 s reported every 10 s: a period and a half each, too few to draw a line. */
  static List<ReportFixture.Run> tooFewPeriods() {
    return List.of(
        run("postgres", MIX.get(1), 8, 15, "PT10S", 0),
        run("mysql", MIX.get(1), 8, 15, "PT10S", 1));
  }

  /**
   * Fourteen runs: airline, point-select (8 and 32 threads), oltp-read-write, ycsb-a, analytics and
   * insert on PostgreSQL, then on MariaDB, each with the options its workload takes.
   */
  static List<ReportFixture.Run> mixed() {
    List<ReportFixture.Run> runs = new ArrayList<>();
    for (String target : List.of("postgres", "mysql")) {
      for (Workload w : MIX) {
        for (int p : w.name().equals("point-select") ? List.of(8, 32) : List.of(8)) {
          runs.add(run(target, w, w.name().equals("analytics") ? 4 : p, 12, "PT0.5S", runs.size()));
        }
      }
    }
    return runs;
  }

  /** What a client on a saturated machine says of every run it measured there. */
  static final String SATURATED =
      "the machine's cores were 100% busy over the window (txbench 38%, other processes 62%):"
          + " results measured on a saturated machine understate what the server can do; run"
          + " txbench on a machine of its own";

  /**
   * Thirteen runs as a newcomer makes them in an afternoon on a busy laptop, each warned of the
   * saturated machine: the default airline on PostgreSQL, MariaDB and the MongoDB emulator,
   * point-select at 8 and 32 threads and once paced at 500/s, oltp-read-write, ycsb-a, analytics,
   * and three runs of 3 s, minutes apart, reported every 0.55 s (their last period 0.25 s long).
   */
  static List<ReportFixture.Run> thirteen() {
    List<ReportFixture.Run> runs = new ArrayList<>();
    runs.add(run("postgres", MIX.get(0), 8, 12, "PT0.5S", runs.size()));
    runs.add(run("mysql", MIX.get(0), 8, 12, "PT0.5S", runs.size()));
    ReportFixture.Run mongo = run("mongo", MIX.get(0), 8, 12, "PT0.5S", runs.size());
    runs.add(
        new ReportFixture.Run(
            "mongo-airline-p8-mongo-java-server-emulator",
            "mongo",
            "airline",
            8,
            mongo.startMillis(),
            12,
            900,
            6.5,
            false,
            Map.of("duration", "PT12S", "metrics", "PT0.5S", "mongo-write-concern", "majority"),
            ReportFixture.Server.EMULATOR,
            SATURATED));
    runs.add(run("postgres", MIX.get(1), 8, 12, "PT0.5S", runs.size()));
    runs.add(run("postgres", MIX.get(1), 32, 12, "PT0.5S", runs.size()));
    ReportFixture.Run paced = run("postgres", MIX.get(1), 8, 12, "PT0.5S", runs.size());
    Map<String, Object> rate = new LinkedHashMap<>(paced.options());
    rate.put("rate", 500);
    runs.add(
        new ReportFixture.Run(
            "postgres-point-select-p8-rate500",
            "postgres",
            "point-select",
            8,
            paced.startMillis(),
            12,
            497,
            0.08,
            false,
            rate,
            ReportFixture.Server.POSTGRES,
            SATURATED));
    runs.add(run("postgres", MIX.get(2), 8, 12, "PT0.5S", runs.size()));
    runs.add(run("mysql", MIX.get(3), 8, 12, "PT0.5S", runs.size()));
    runs.add(run("postgres", MIX.get(4), 4, 12, "PT0.5S", runs.size()));
    runs.add(run("mysql", MIX.get(1), 16, 12, "PT0.5S", runs.size()));
    for (int i = 0; i < 3; i++) {
      ReportFixture.Run s = run("postgres", MIX.get(1), 4, 3, "PT0.55S", runs.size());
      runs.add(
          new ReportFixture.Run(
              "postgres-point-select-p4-3s-" + (i + 1),
              s.target(),
              s.workload(),
              4,
              START + 3_600_000L + i * 240_000L,
              3,
              s.tps(),
              s.medianMs(),
              false,
              s.options(),
              s.server(),
              SATURATED));
    }
    return runs.stream().map(r -> r.warning().isEmpty() ? warned(r) : r).toList();
  }

  private static ReportFixture.Run warned(ReportFixture.Run r) {
    return new ReportFixture.Run(
        r.name(),
        r.target(),
        r.workload(),
        r.parallelism(),
        r.startMillis(),
        r.seconds(),
        r.tps(),
        r.medianMs(),
        r.failures(),
        r.options(),
        r.server(),
        r.parallelism() == 16
            ? "the client used 1.83 of 2 cores (92%): txbench itself may be limiting this"
                + " result; run it on another machine or with fewer threads"
            : SATURATED);
  }

  /** Fifty runs: five workloads on two targets at 1, 2, 4, 8 and 16 threads, 20 s each. */
  static List<ReportFixture.Run> fifty() {
    List<ReportFixture.Run> runs = new ArrayList<>();
    for (Workload w : MIX.subList(0, 5)) {
      for (String target : List.of("postgres", "mysql")) {
        for (int p : List.of(1, 2, 4, 8, 16)) {
          runs.add(run(target, w, p, 20, "PT1S", runs.size()));
        }
      }
    }
    return runs;
  }

  private static ReportFixture.Run run(
      String target, Workload w, int parallelism, int seconds, String metrics, int index) {
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("duration", "PT" + seconds + "S");
    options.put("rate", null);
    options.put("metrics", metrics);
    options.put("seed", 42);
    options.put("sql-isolation-level", "REPEATABLE_READ");
    if (target.equals("mysql")) {
      options.put("mysql-driver", "auto");
    }
    if (w.items()) {
      options.put("table-size", 100_000);
      options.put("tables", 1);
      options.put("distribution", "DEFAULT");
    }
    if (w.name().equals("analytics")) {
      options.put("scale", 1.0);
    }
    double scaling = Math.min(parallelism, 6) / 6.0 * (target.equals("postgres") ? 1.0 : 0.7);
    return new ReportFixture.Run(
        target + "-" + w.name() + "-p" + parallelism,
        target,
        w.name(),
        parallelism,
        START + index * 30_000L,
        seconds,
        w.tps() * scaling,
        w.medianMs() * (parallelism > 6 ? parallelism / 6.0 : 1),
        parallelism == 16,
        options,
        target.equals("postgres") ? ReportFixture.Server.POSTGRES : ReportFixture.Server.MYSQL);
  }
}
