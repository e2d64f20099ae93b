package io.txbench.report.compare;

import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
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
   * For each run, the run its ratios are to: {@code baseline} when it is of the same workload and
   * data, else the first run that is; null when no other run is (a ratio to itself says nothing).
   */
  static List<@Nullable ResultDirectory> references(
      List<ResultDirectory> runs, ResultDirectory baseline) {
    List<WorkloadData> keys = runs.stream().map(r -> of(r.summary())).toList();
    List<@Nullable ResultDirectory> references = new ArrayList<>();
    for (WorkloadData key : keys) {
      List<ResultDirectory> group =
          runs.stream().filter(r -> keys.get(runs.indexOf(r)).equals(key)).toList();
      references.add(group.size() < 2 ? null : group.contains(baseline) ? baseline : group.get(0));
    }
    return references;
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
                + ", one of the same workload and data: "
                + base
                + "), where it is one, else the first"
            : only.equals(baseline)
                ? base + ")"
                : "run "
                    + (runs.indexOf(only) + 1)
                    + " ("
                    + quote.apply(only.label())
                    + "), of the same workload and data";
    return ratios
        + " are to "
        + what
        + (references.contains(null) ? "; blank where no other run is" : "")
        + "\n";
  }

  /** The run's value of {@code option} as text ("" when it has none); a list's, comma-separated. */
  static String option(SummaryFile run, String option) {
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
