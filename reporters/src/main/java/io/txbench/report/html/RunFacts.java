package io.txbench.report.html;

import io.txbench.core.spi.OptionRole;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.files.OptionRoles;
import io.txbench.report.files.SummaryFile;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What may change the runs' results, fact by fact: where and what ran (target, server, embedded,
 * workload, parallelism, isolation: the option whose role it is, duration, warm-up, rate), then
 * every other option recorded in summary.json but those that change nothing measured (output,
 * logging, credentials, the lists a sweep ran through, whose level each run has in its own fields,
 * and the price, which the run table shows as the run's cost).
 */
final class RunFacts {
  /** Options that change no figure of a run, or are shown by a fact of their own. */
  private static final Set<String> LEFT_OUT =
      Set.of(
          "benchmark-target",
          "workload",
          "parallelism",
          "warmup",
          "embedded",
          "duration",
          "rate",
          "start-at",
          "output-dir",
          "output",
          "overwrite",
          "log-level",
          "format",
          "html",
          "export",
          "metrics-reporter",
          "target-database-password",
          "target-database-password-file",
          "target-database-user",
          "target-database-host",
          "target-database-port",
          "target-database-name",
          "target-url",
          "threshold",
          "baseline",
          "baseline-runs",
          "min-change",
          "drop",
          "drop-first",
          "skip-setup",
          "only-setup",
          "verify",
          "no-verify",
          "connection-wait-timeout",
          "connection-idle-timeout",
          "cost-per-hour");

  private RunFacts() {}

  /** The facts of {@code runs}, those no run records left out. */
  static List<RunFact> of(List<SummaryFile> runs) {
    List<RunFact> facts = new ArrayList<>();
    add(facts, "target", runs, r -> r.identity().target());
    add(facts, "server", runs, r -> r.identity().serverVersion());
    add(facts, "embedded", runs, CompareTable::embedded);
    add(facts, "where", runs, r -> r.identity().server());
    add(facts, "workload", runs, r -> r.identity().workload());
    add(facts, "parallelism", runs, r -> String.valueOf(r.identity().parallelism()));
    add(facts, OptionRole.ISOLATION.label(), runs, RunFacts::isolation);
    add(facts, "duration", runs, r -> option(r, "duration"));
    add(facts, "warm-up", runs, RunFacts::warmup);
    add(facts, "rate", runs, RunFacts::rate);
    Set<String> options = new LinkedHashSet<>();
    for (SummaryFile run : runs) {
      if (run.provenance().options() != null) {
        options.addAll(run.provenance().options().keySet());
      }
    }
    options.removeAll(LEFT_OUT);
    runs.forEach(run -> options.removeAll(isolationOptions(run)));
    for (String name : options) {
      add(facts, name, runs, r -> option(r, name));
    }
    return facts;
  }

  /**
   * The facts that differ only with the target (its server's version, whether embedded, where it
   * ran): said once per target rather than in every row, and no ground to group runs by.
   */
  static Set<String> perTarget(List<RunFact> facts) {
    RunFact target = facts.stream().filter(f -> f.name().equals("target")).findFirst().orElse(null);
    Set<String> names = new LinkedHashSet<>();
    if (target == null || target.same()) {
      return names;
    }
    for (RunFact fact : facts) {
      if (fact.equals(target) || fact.same()) {
        continue;
      }
      Map<String, String> byTarget = new java.util.HashMap<>();
      boolean follows = true;
      for (int i = 0; i < fact.values().size(); i++) {
        String before = byTarget.putIfAbsent(target.values().get(i), fact.values().get(i));
        follows &= before == null || before.equals(fact.values().get(i));
      }
      if (follows) {
        names.add(fact.name());
      }
    }
    return names;
  }

  private static void add(
      List<RunFact> facts, String name, List<SummaryFile> runs, Function<SummaryFile, String> of) {
    List<String> values =
        runs.stream().map(r -> java.util.Objects.requireNonNullElse(of.apply(r), "")).toList();
    if (values.stream().anyMatch(v -> !v.isEmpty())) {
      facts.add(new RunFact(name, values));
    }
  }

  /** The options with the isolation's role, said as a fact of its own. */
  private static List<String> isolationOptions(SummaryFile run) {
    return OptionRoles.named(run, EnumSet.of(OptionRole.ISOLATION));
  }

  /** The isolation level the run's options gave, "" for none. */
  private static String isolation(SummaryFile run) {
    return String.join(
        ", ",
        isolationOptions(run).stream()
            .map(name -> option(run, name))
            .filter(v -> !v.isEmpty())
            .toList());
  }

  private static String warmup(SummaryFile run) {
    if (run.window().warmupSeconds() == null) {
      return "";
    }
    return run.window().warmupSeconds() == 0 ? "none" : seconds(run.window().warmupSeconds());
  }

  /** The open loop's rate and its arrivals' distribution, or "closed loop". */
  private static String rate(SummaryFile run) {
    if (run.provenance().options() == null || !run.provenance().options().containsKey("rate")) {
      return "";
    }
    String rate = option(run, "rate");
    if (rate.isEmpty()) {
      return "closed loop";
    }
    String distribution = option(run, "rate-distribution");
    return rate + "/s" + (distribution.isEmpty() ? "" : " " + distribution);
  }

  /** An option's value as shown: a list joined by commas, a duration in words, "" for none. */
  static String option(SummaryFile run, String name) {
    Map<String, Object> options = run.provenance().options();
    Object value = options == null ? null : options.get(name);
    if (value == null) {
      return "";
    }
    if (value instanceof Collection<?> values) {
      return String.join(",", values.stream().map(v -> shown(String.valueOf(v))).toList());
    }
    return shown(String.valueOf(value));
  }

  /** A value as it is typed: a duration in words, an enum's constant in lower case. */
  private static String shown(String value) {
    if (!value.startsWith("PT")) {
      // summary.json keeps an enum option's constant (DEFAULT, REPEATABLE_READ) as it always did.
      return value.matches("[A-Z][A-Z0-9_]+") ? value.toLowerCase(Locale.ROOT) : value;
    }
    try {
      Duration d = Duration.parse(value);
      return seconds(d.toNanos() / 1e9);
    } catch (DateTimeParseException e) {
      return value;
    }
  }

  /** {@code s} seconds in words: "250 ms", "30 s", "5 min", "90 s", "2 h". */
  static String seconds(double s) {
    if (s < 1) {
      return String.format(Locale.ROOT, "%.0f ms", s * 1000);
    }
    if (s != Math.rint(s)) {
      return String.format(Locale.ROOT, "%.1f s", s);
    }
    long whole = (long) s;
    if (whole % 3600 == 0) {
      return whole / 3600 + " h";
    }
    if (whole % 60 == 0 && whole >= 120) {
      return whole / 60 + " min";
    }
    return whole + " s";
  }
}
