package io.txbench.report.compare;

import io.txbench.report.files.Printable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jspecify.annotations.Nullable;

/**
 * Runs side by side, one row each, with the throughput and p99 of each as a ratio to a baseline
 * run's (the first, unless chosen): as text that fits a terminal, as Markdown or as CSV. Runs of
 * different data volumes (a sweep over {@code --table-size} or {@code --scale}) show it in a column
 * of its own.
 */
public final class CompareTable {
  /** The output formats of {@code compare --format}. */
  public enum Format {
    TEXT,
    MARKDOWN,
    CSV
  }

  static final List<String> HEADER =
      List.of(
          "run",
          "target",
          "server",
          "workload",
          "threads",
          "tps",
          "tps_ratio",
          "p50_ms",
          "p95_ms",
          "p99_ms",
          "p99_ratio",
          "p999_ms",
          "max_ms",
          "retries",
          "errors",
          "in_doubt",
          "verification",
          "embedded",
          "where",
          "client_cpu_cores",
          "bottleneck");

  /**
   * The options that set the data's volume, and the column each gets, after {@code threads}, in a
   * table of runs whose data levels differ (a sweep over data volume).
   */
  private static final Map<String, String> DATA_LEVELS =
      Map.of("table-size", "table_size", "scale", "scale");

  private CompareTable() {}

  /** The table's rows as text cells, the header first, with ratios to {@code baseline}. */
  public static List<List<String>> rows(List<ResultDirectory> runs, ResultDirectory baseline) {
    List<List<String>> rows = new ArrayList<>();
    List<String> levels =
        DATA_LEVELS.keySet().stream()
            .sorted()
            .filter(o -> runs.stream().map(r -> dataLevel(r, o)).distinct().count() > 1)
            .toList();
    int at = HEADER.indexOf("threads") + 1;
    List<String> header = new ArrayList<>(HEADER);
    header.addAll(at, levels.stream().map(DATA_LEVELS::get).toList());
    rows.add(List.copyOf(header));
    SummaryFile base = baseline.summary();
    for (ResultDirectory run : runs) {
      SummaryFile r = run.summary();
      SummaryFile.Percentiles ms = r.breakdown().responseTimeMs();
      List<String> row =
          new ArrayList<>(
              List.of(
                  run.label(),
                  r.identity().target(),
                  r.identity().serverVersion(),
                  r.identity().workload(),
                  String.valueOf(r.identity().parallelism()),
                  fixed(r.outcomes().tps(), 2),
                  ratio(r.outcomes().tps(), base.outcomes().tps()),
                  fixed(ms.p50(), 3),
                  fixed(ms.p95(), 3),
                  fixed(ms.p99(), 3),
                  ratio(ms.p99(), base.breakdown().responseTimeMs().p99()),
                  fixed(ms.p999(), 3),
                  fixed(ms.max(), 3),
                  String.valueOf(r.outcomes().retries()),
                  String.valueOf(r.outcomes().errors()),
                  String.valueOf(SummaryFile.orZero(r.outcomes().inDoubt())),
                  r.verdict(),
                  embedded(r),
                  r.identity().server() == null ? "" : r.identity().server(),
                  cpuCores(r.environment().client()),
                  bottleneck(r)));
      row.addAll(at, levels.stream().map(o -> dataLevel(run, o)).toList());
      rows.add(row.stream().map(Printable::field).toList()); // fields of a file, printed
    }
    return rows;
  }

  /** The run's value of the data-volume option {@code option}, or "" when it has none. */
  private static String dataLevel(ResultDirectory run, String option) {
    Map<String, Object> options = run.summary().provenance().options();
    Object value = options == null ? null : options.get(option);
    return value == null ? "" : String.valueOf(value);
  }

  public static String render(List<ResultDirectory> runs, Format format) {
    return render(runs, runs.get(0), format, AnswerCheck.of(runs, runs.get(0)));
  }

  /**
   * The table in {@code format}; text and Markdown end by naming the baseline, then, when runs
   * recorded operations, each one's times run by run, and when they recorded answers, whether they
   * agree ({@code answers}).
   */
  public static String render(
      List<ResultDirectory> runs, ResultDirectory baseline, Format format, AnswerCheck answers) {
    List<List<String>> rows = rows(runs, baseline);
    String check = CompareOperations.text(runs, baseline);
    check = check + (check.isEmpty() || answers.text().isEmpty() ? "" : "\n") + answers.text();
    return switch (format) {
      case TEXT ->
          CompareText.render(rows, baseline.label()) + (check.isEmpty() ? "" : "\n" + check);
      case MARKDOWN ->
          markdown(rows)
              + "\nRatios are to the baseline, `"
              + baseline.label()
              + "`.\n"
              + (check.isEmpty() ? "" : "\n```\n" + check + "```\n");
      case CSV -> csv(rows);
    };
  }

  /** The cores the client used, or "" when it was not measured. */
  private static String cpuCores(SummaryFile.@Nullable Client client) {
    return client == null || client.cpuCores() == null ? "" : fixed(client.cpuCores(), 2);
  }

  /** "yes", "no", or "" for a summary written before txbench recorded it. */
  private static String embedded(SummaryFile run) {
    return run.identity().embedded() == null ? "" : run.identity().embedded() ? "yes" : "no";
  }

  /**
   * The run's warning that txbench may have limited it, or "" for none; for a merge, those of its
   * clients, each after its directory's name.
   */
  private static String bottleneck(SummaryFile run) {
    SummaryFile.Client client = run.environment().client();
    if (client != null) {
      return client.bottleneck() == null ? "" : client.bottleneck();
    }
    if (run.provenance().mergedFrom() == null) {
      return ""; // a summary written before txbench measured its client
    }
    return String.join(
        "; ",
        run.provenance().mergedFrom().stream()
            .filter(s -> s.client() != null && s.client().bottleneck() != null)
            .map(s -> Path.of(s.directory()).getFileName() + ": " + s.client().bottleneck())
            .toList());
  }

  private static String markdown(List<List<String>> rows) {
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < rows.size(); r++) {
      out.append("| ").append(String.join(" | ", rows.get(r))).append(" |\n");
      if (r == 0) {
        out.append("|").append("---|".repeat(rows.get(0).size())).append('\n');
      }
    }
    return out.toString();
  }

  private static String csv(List<List<String>> rows) {
    StringWriter s = new StringWriter();
    try (CSVPrinter p = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get().print(s)) {
      for (List<String> row : rows) {
        p.printRecord(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s.toString();
  }

  private static String fixed(double v, int decimals) {
    return String.format(Locale.US, "%." + decimals + "f", v);
  }

  private static String ratio(double value, double base) {
    return base == 0 ? "-" : String.format(Locale.US, "%.2f", value / base);
  }
}
