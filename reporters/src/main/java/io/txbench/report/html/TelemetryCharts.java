package io.txbench.report.html;

import io.txbench.report.files.ResultDirectory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The charts of each run's server.csv: the machine's CPU, memory, disks and network, the server
 * processes' CPU and I/O, and the server's own counters as rates; one chart per figure, a line per
 * run that has it. A figure zero throughout, or never measured, is said in words, not drawn.
 */
final class TelemetryCharts {
  private TelemetryCharts() {}

  /** A family of columns drawn in one section, all as they are or all as rates. */
  private record Family(String title, String unit, Predicate<String> columns, boolean asRate) {}

  private static final List<Family> FAMILIES =
      List.of(
          new Family("Machine CPU (% of all cores)", "%", c -> c.startsWith("cpu_"), false),
          new Family("Machine memory (MB)", "MB", c -> c.startsWith("mem_"), false),
          new Family("Network (bytes per second)", "B/s", c -> c.startsWith("net_"), true),
          new Family(
              "Server processes' CPU (cores; 1 = one core busy)",
              "cores",
              c -> c.equals("server_cpu_cores"),
              false),
          new Family(
              "Server processes' I/O (bytes per second)",
              "B/s",
              c -> c.startsWith("server_") && !c.equals("server_cpu_cores"),
              true),
          new Family(
              "Server counters (per second)", "/s", c -> c.startsWith("db_") && !gauge(c), true),
          new Family("Server gauges (at each period's end)", "", TelemetryCharts::gauge, false));

  /**
   * The server's figures that are levels, not counts (cache sizes, queues): drawn as they are,
   * where every other {@code db_} column is a count per period, drawn per second.
   */
  static boolean gauge(String column) {
    return column.startsWith("db_") && (column.contains("queue") || column.contains("cache_"));
  }

  /**
   * The sections of the runs' timelines ({@code timelines.get(i)} run i's, empty when it has no
   * server.csv), after one that says what is missing and why ({@code notes}: a sentence per run
   * that has something to say, such as the warning its summary recorded).
   */
  static List<ChartSection> sections(
      List<ResultDirectory> runs, List<Optional<ServerTimeline>> timelines, List<String> notes) {
    String title = "Server and machine";
    List<String> without = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      if (timelines.get(i).isEmpty()) {
        without.add(runs.get(i).label());
      }
    }
    if (without.size() == runs.size()) {
      return List.of(
          ChartSection.words(
              title,
              (runs.size() == 1 ? "The run has" : "No run has")
                  + " a server.csv, so there are no server or machine figures to show (txbench"
                  + " versions that sample them write it beside intervals.csv).",
              false));
    }
    StringBuilder note =
        new StringBuilder(
            "From each run's server.csv, one row per metrics period, on the same time axis as the"
                + " charts above; counters are drawn per second (the period's count / its"
                + " length).");
    if (!without.isEmpty()) {
      note.append(" No server.csv (nothing recorded): ").append(Words.list(without, "and"));
      note.append('.');
    }
    List<String> local = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      if (timelines.get(i).isPresent()
          && timelines.get(i).get().columns().keySet().stream()
              .noneMatch(c -> c.startsWith("server_"))) {
        local.add(runs.get(i).label());
      }
    }
    if (!local.isEmpty()) {
      note.append(" No figures of the server's own processes for ")
          .append(Words.list(local, "and"))
          .append(
              ": the server was not on this machine, or it was the MongoDB emulator, which"
                  + " runs inside txbench's own process.");
    }
    notes.forEach(n -> note.append(' ').append(n));
    List<ChartSection> sections = new ArrayList<>();
    sections.add(ChartSection.words(title, note.toString(), true));
    for (Family family : FAMILIES) {
      sections.addAll(family(family, runs, timelines));
    }
    sections.addAll(disks(runs, timelines));
    return sections;
  }

  private static List<ChartSection> family(
      Family family, List<ResultDirectory> runs, List<Optional<ServerTimeline>> timelines) {
    List<Figure> figures = new ArrayList<>();
    for (String column : columns(timelines, family.columns())) {
      figures.add(
          new Figure(
              title(column),
              t ->
                  !t.columns().containsKey(column)
                      ? null
                      : family.asRate() ? t.perSecond(column) : t.columns().get(column)));
    }
    return section(family.title(), family.unit(), figures, runs, timelines);
  }

  /** The columns of the timelines that {@code which} takes, each once, in the order found. */
  private static Set<String> columns(
      List<Optional<ServerTimeline>> timelines, Predicate<String> which) {
    Set<String> columns = new LinkedHashSet<>();
    timelines.forEach(
        t -> t.ifPresent(s -> s.columns().keySet().stream().filter(which).forEach(columns::add)));
    return columns;
  }

  /**
   * A column's chart title: without its prefix, which the section says, and, but for the server's
   * own counters (named as the server names them), without its unit: "user", "rx", "xact_commit".
   */
  static String title(String column) {
    if (column.startsWith("db_")) {
      return column.substring(3);
    }
    return column
        .replaceFirst("^(cpu|mem|net|server)_", "")
        .replaceFirst("_(pct|mb|bytes)$", "")
        .replace('_', ' ');
  }

  /** The disks' bytes and operations per second, summed over the devices. */
  private static List<ChartSection> disks(
      List<ResultDirectory> runs, List<Optional<ServerTimeline>> timelines) {
    List<String> devices =
        columns(timelines, c -> c.startsWith("disk_") && c.endsWith("_read_bytes")).stream()
            .map(c -> c.substring(5, c.length() - 11))
            .toList();
    if (devices.isEmpty()) {
      return List.of();
    }
    String which = " (" + String.join(", ", devices) + ")";
    List<ChartSection> sections = new ArrayList<>();
    sections.addAll(
        section(
            "Disks: bytes per second" + which,
            "B/s",
            List.of(disk("read", "_read_bytes"), disk("written", "_write_bytes")),
            runs,
            timelines));
    sections.addAll(
        section(
            "Disks: operations per second" + which,
            "/s",
            List.of(disk("reads", "_reads"), disk("writes", "_writes")),
            runs,
            timelines));
    return sections;
  }

  private static Figure disk(String name, String suffix) {
    return new Figure(
        name,
        t -> {
          double[] sum = null;
          for (String c : t.columns().keySet()) {
            if (c.startsWith("disk_") && c.endsWith(suffix)) {
              double[] rate = t.perSecond(c);
              if (sum == null) {
                sum = rate;
              } else {
                for (int i = 0; i < sum.length; i++) {
                  sum[i] += rate[i];
                }
              }
            }
          }
          return sum;
        });
  }

  /** A figure of a timeline, null where the timeline has none. */
  private record Figure(String name, Function<ServerTimeline, double[]> values) {}

  /** A section of one chart per figure, a line per run; figures zero or empty everywhere said. */
  private static List<ChartSection> section(
      String title,
      String unit,
      List<Figure> figures,
      List<ResultDirectory> runs,
      List<Optional<ServerTimeline>> timelines) {
    Optional<ChartSection> tooFew = tooFewSamples(title, runs, timelines);
    if (tooFew.isPresent()) {
      return List.of(tooFew.get());
    }
    List<ChartPanel> panels = new ArrayList<>();
    List<String> zero = new ArrayList<>();
    List<String> unmeasured = new ArrayList<>();
    List<String> zeroIn = new ArrayList<>();
    for (Figure figure : figures) {
      List<String> zeroRuns = new ArrayList<>();
      ChartPanel.Lines lines = new ChartPanel.Lines();
      boolean measured = false;
      for (int run = 0; run < runs.size(); run++) {
        Optional<ServerTimeline> timeline = timelines.get(run);
        double[] y = timeline.map(figure.values()).orElse(null);
        if (y == null) {
          continue;
        }
        measured |= java.util.Arrays.stream(y).anyMatch(Double::isFinite);
        if (!ChartPanel.allZero(y)) {
          lines.add(
              new ChartLine(run, "#" + (run + 1) + " " + runs.get(run).label(), false),
              timeline.get().t(),
              y);
        } else {
          zeroRuns.add(runs.get(run).label());
        }
      }
      if (!lines.isEmpty()) {
        panels.add(lines.panel(figure.name(), ""));
        if (!zeroRuns.isEmpty()) {
          zeroIn.add(figure.name() + " in " + Words.list(zeroRuns, "and"));
        }
      } else if (measured) {
        zero.add(figure.name());
      } else {
        unmeasured.add(figure.name());
      }
    }
    List<String> said = new ArrayList<>();
    if (!zero.isEmpty()) {
      said.add("Zero throughout in every run: " + Words.list(zero, "and") + ".");
    }
    if (!zeroIn.isEmpty()) {
      said.add("Not drawn, zero throughout: " + String.join("; ", zeroIn) + ".");
    }
    if (!unmeasured.isEmpty()) {
      said.add("Not measured in any run: " + Words.list(unmeasured, "and") + ".");
    }
    if (panels.isEmpty() && said.isEmpty()) {
      return List.of();
    }
    return List.of(
        new ChartSection(title, String.join(" ", said), "time", unit, false, false, true, panels));
  }

  /** The section said in words when every run with a server.csv has too few samples to draw. */
  private static Optional<ChartSection> tooFewSamples(
      String title, List<ResultDirectory> runs, List<Optional<ServerTimeline>> timelines) {
    List<String> few = new ArrayList<>();
    long sampled = 0;
    for (int run = 0; run < runs.size(); run++) {
      if (timelines.get(run).isPresent()) {
        sampled++;
        int samples = timelines.get(run).get().t().length;
        if (samples < ClientCharts.FEWEST_PERIODS) {
          few.add("#" + (run + 1) + " " + runs.get(run).label() + ": " + samples);
        }
      }
    }
    if (sampled == 0 || few.size() < sampled) {
      return Optional.empty();
    }
    return Optional.of(
        ChartSection.words(
            title,
            "Too few samples to draw over time ("
                + Words.list(few, "and")
                + "): a run needs "
                + ClientCharts.FEWEST_PERIODS
                + " or more, one each --metrics period.",
            true));
  }
}
