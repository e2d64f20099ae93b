package io.txbench.report.compare;

import io.txbench.report.files.OptionRoles;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * What two runs must share for a ratio of their figures to mean anything: the workload, with the
 * options that choose what it runs ({@code mix}, {@code query}), and the volume of data its options
 * gave ({@code table-size}, {@code tables}, {@code scale}...). The target, its server, the threads
 * and the isolation level may differ: they are what a comparison compares. compare's text, Markdown
 * and CSV and the report's run table all take their ratios from {@link #references}.
 *
 * @param workload the workload and the options that choose what it runs, in words
 * @param data the options that size its data, in words; empty when it recorded none
 */
public record WorkloadData(String workload, String data) {
  /** The options that choose what a workload runs: a mix's weights, analytics' queries. */
  public static final List<String> WORK_OPTIONS = List.of("mix", "query");

  /** The options that size the data a run ran on. */
  public static final List<String> DATA_OPTIONS =
      List.of("table-size", "tables", "scale", "field-count", "field-length");

  static WorkloadData of(SummaryFile run) {
    return new WorkloadData(
        run.identity().workload() + " " + words(run, WORK_OPTIONS), words(run, DATA_OPTIONS));
  }

  /**
   * For each run, the run its ratios are to: one of the same workload, data and rate (a paced run
   * measures its pace, not the server) that differs from it in one thing at most of its server,
   * threads and isolation, so that a ratio says what that one thing did: {@code baseline} when it
   * is such a run, else the first that is; null when no other run is (a ratio to itself says
   * nothing, unless others are to it too).
   */
  static List<@Nullable ResultDirectory> references(
      List<ResultDirectory> runs, ResultDirectory baseline) {
    List<String> keys = runs.stream().map(r -> of(r.summary()) + " " + rate(r.summary())).toList();
    List<@Nullable ResultDirectory> references = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      ResultDirectory run = runs.get(i);
      String key = keys.get(i);
      List<ResultDirectory> candidates = new ArrayList<>();
      if (keys.get(runs.indexOf(baseline)).equals(key)) {
        candidates.add(baseline);
      }
      runs.stream().filter(r -> keys.get(runs.indexOf(r)).equals(key)).forEach(candidates::add);
      references.add(
          candidates.stream()
              .filter(c -> differences(run.summary(), c.summary()) <= 1)
              .findFirst()
              .orElse(run));
    }
    for (int i = 0; i < runs.size(); i++) {
      ResultDirectory run = runs.get(i);
      int index = i;
      boolean others =
          IntStream.range(0, runs.size())
              .anyMatch(j -> j != index && run.equals(references.get(j)));
      if (run.equals(references.get(i)) && !others) {
        references.set(i, null);
      }
    }
    return references;
  }

  /** How many of its server, threads and isolation tell {@code a} from {@code b}. */
  private static int differences(SummaryFile a, SummaryFile b) {
    boolean server =
        !a.identity().target().equals(b.identity().target())
            || !String.valueOf(a.identity().serverVersion())
                .equals(String.valueOf(b.identity().serverVersion()));
    boolean threads = a.identity().parallelism() != b.identity().parallelism();
    boolean isolation =
        !words(a, OptionRoles.guarantees(a)).equals(words(b, OptionRoles.guarantees(b)));
    return (server ? 1 : 0) + (threads ? 1 : 0) + (isolation ? 1 : 0);
  }

  /** The open loop's rate, as --rate gave it; "" for a closed loop. */
  private static String rate(SummaryFile run) {
    String rate = option(run, "rate");
    return rate.equals("0") ? "" : rate;
  }

  /**
   * What the {@code ratios} are to, a line ("" when no run has any): the one run they are all to,
   * or the run in the column {@code column}, the baseline where it has the same workload and data;
   * each run's directory as {@code quote} writes it.
   */
  static String note(
      List<ResultDirectory> runs,
      ResultDirectory baseline,
      String ratios,
      String column,
      UnaryOperator<String> quote) {
    List<@Nullable ResultDirectory> references = references(runs, baseline);
    List<ResultDirectory> distinct =
        references.stream()
            .filter(Objects::nonNull)
            .map(Objects::requireNonNull)
            .distinct()
            .toList();
    if (distinct.isEmpty()) {
      return "";
    }
    String base =
        "the baseline, run " + (runs.indexOf(baseline) + 1) + " (" + quote.apply(baseline.label());
    ResultDirectory only = distinct.get(0);
    String what =
        distinct.size() > 1
            ? "the run in "
                + column
                + ", one of the same workload, data and rate that differs in one thing at most"
                + " (server, threads or isolation): "
                + base
                + "), where it is one, else the first"
            : only.equals(baseline)
                ? base + ")"
                : "run "
                    + (runs.indexOf(only) + 1)
                    + " ("
                    + quote.apply(only.label())
                    + "), of the same workload, data and rate";
    return ratios
        + " are to "
        + what
        + (references.contains(null) ? "; blank where no other run is" : "")
        + "\n";
  }

  /** The run's value of {@code option} as text ("" when it has none); a list's, comma-separated. */
  public static String option(SummaryFile run, String option) {
    Map<String, Object> options = run.provenance().options();
    Object value = options == null ? null : options.get(option);
    if (value instanceof List<?> list) {
      return String.join(",", list.stream().map(String::valueOf).toList());
    }
    return value == null ? "" : String.valueOf(value);
  }

  private static String words(SummaryFile run, List<String> names) {
    List<String> words = new ArrayList<>();
    for (String name : names) {
      String value = option(run, name);
      if (!value.isEmpty()) {
        words.add(name + " " + value);
      }
    }
    return String.join(", ", words);
  }
}
