package io.txbench.report.compare;

import io.txbench.report.files.HourlyCost;
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
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jspecify.annotations.Nullable;

/**
 * Runs side by side, one row each, labelled so that no two rows read alike ({@link RunLabels}),
 * with the throughput and p99 of each as a ratio to a run of the same workload and data ({@link
 * WorkloadData}: the baseline, the first run unless chosen, where it is one): as text that fits a
 * terminal, as Markdown or as CSV. In the last two, the options that size the data (a sweep over
 * {@code --table-size} or {@code --scale}) have a column each where runs differ in them. When a run
 * was given a price, the cost of a million iterations stands beside the tps, and in the last two
 * the price an hour too ({@link #COST}).
 */
public final class CompareTable {
  /** The output formats of {@code compare --format}. */
  public enum Format {
    TEXT,
    MARKDOWN,
    CSV
  }

  /**
   * How compare prints the table.
   *
   * @param format text, Markdown or CSV
   * @param width the widest line of text, from {@value #NARROWEST} to {@value #WIDEST} columns
   */
  public record Output(Format format, int width) {
    public static final int DEFAULT_WIDTH = 120;
    public static final int NARROWEST = 40;
    public static final int WIDEST = 1000;

    public Output {
      if (width < NARROWEST || width > WIDEST) {
        throw new IllegalArgumentException(
            "a width must be from " + NARROWEST + " to " + WIDEST + " columns, not " + width);
      }
    }

    /**
     * The width of the terminal whose {@code COLUMNS} variable is {@code columns}: its number of
     * columns brought within {@value #NARROWEST} to {@value #WIDEST}, or {@value #DEFAULT_WIDTH}
     * when it is unset or no number.
     */
    public static int terminalWidth(@Nullable String columns) {
      try {
        return columns == null
            ? DEFAULT_WIDTH
            : Math.max(NARROWEST, Math.min(WIDEST, Integer.parseInt(columns.strip())));
      } catch (NumberFormatException e) {
        return DEFAULT_WIDTH;
      }
    }
  }

  static final List<String> HEADER =
      List.of(
          "label",
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
          "ratio_to",
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

  /** The columns of the runs' cost, after tps_ratio when some run has one ({@link HourlyCost}). */
  static final List<String> COST = List.of("cost_per_million", "cost_per_hour");

  /** The columns of words; every other one, a data level's too, holds numbers. */
  private static final Set<String> WORDS =
      Set.of(
          "label",
          "run",
          "target",
          "server",
          "workload",
          "verification",
          "embedded",
          "where",
          "bottleneck");

  private CompareTable() {}

  /**
   * The table's rows as text cells, the header first: each run's label, its ratios to the run of
   * the same workload and data that {@link WorkloadData#references} gives for {@code baseline}
   * (none when there is none), and that run's index in {@code ratio_to}.
   */
  public static List<List<String>> rows(List<ResultDirectory> runs, ResultDirectory baseline) {
    return rows(runs, RunLabels.of(runs), WorkloadData.references(runs, baseline));
  }

  private static List<List<String>> rows(
      List<ResultDirectory> runs, RunLabels labels, List<@Nullable ResultDirectory> references) {
    List<List<String>> rows = new ArrayList<>();
    List<String> levels =
        WorkloadData.DATA_OPTIONS.stream()
            .filter(
                o ->
                    runs.stream().map(r -> WorkloadData.option(r.summary(), o)).distinct().count()
                        > 1)
            .toList();
    int at = HEADER.indexOf("threads") + 1;
    List<String> header = new ArrayList<>(HEADER);
    header.addAll(at, levels.stream().map(CompareTable::column).toList());
    boolean priced = runs.stream().anyMatch(r -> r.summary().window().cost() != null);
    int costAt = header.indexOf("tps_ratio") + 1;
    header.addAll(costAt, priced ? COST : List.of());
    rows.add(List.copyOf(header));
    for (int i = 0; i < runs.size(); i++) {
      ResultDirectory run = runs.get(i);
      SummaryFile r = run.summary();
      ResultDirectory reference = references.get(i);
      SummaryFile base = reference == null ? null : reference.summary();
      SummaryFile.Percentiles ms = r.breakdown().responseTimeMs();
      List<String> row =
          new ArrayList<>(
              List.of(
                  labels.label(i),
                  run.label(),
                  r.identity().target(),
                  r.identity().serverVersion(),
                  r.identity().workload(),
                  String.valueOf(r.identity().parallelism()),
                  fixed(r.outcomes().tps(), 2),
                  base == null ? "" : ratio(r.outcomes().tps(), base.outcomes().tps()),
                  fixed(ms.p50(), 3),
                  fixed(ms.p95(), 3),
                  fixed(ms.p99(), 3),
                  base == null ? "" : ratio(ms.p99(), base.breakdown().responseTimeMs().p99()),
                  reference == null ? "" : String.valueOf(runs.indexOf(reference) + 1),
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
      row.addAll(at, levels.stream().map(o -> WorkloadData.option(r, o)).toList());
      row.addAll(costAt, priced ? cost(r.window().cost()) : List.of());
      rows.add(row.stream().map(Printable::field).toList()); // fields of a file, printed
    }
    return rows;
  }

  /** The column of a data-volume option: {@code table_size}. */
  private static String column(String option) {
    return option.replace('-', '_');
  }

  /** Whether the column {@code name} holds numbers, right-aligned. */
  /** Run indexes from 0 as the tables number them, from 1, runs in a row as a range: 1-3, 7. */
  public static String ranges(List<Integer> runs) {
    return CompareText.ranges(runs);
  }

  static boolean numbers(String name) {
    return !WORDS.contains(name);
  }

  public static String render(List<ResultDirectory> runs, Format format) {
    return render(
        runs,
        runs.get(0),
        new Output(format, Output.DEFAULT_WIDTH),
        AnswerCheck.of(runs, runs.get(0)));
  }

  /**
   * The table as {@code output} asks; text and Markdown end by saying what the ratios are to, then,
   * when runs recorded operations, each one's times run by run, and when they recorded answers,
   * whether they agree ({@code answers}).
   */
  public static String render(
      List<ResultDirectory> runs, ResultDirectory baseline, Output output, AnswerCheck answers) {
    RunLabels labels = RunLabels.of(runs);
    List<List<String>> rows = rows(runs, labels, WorkloadData.references(runs, baseline));
    String check = CompareOperations.text(runs, baseline);
    check = check + (check.isEmpty() || answers.text().isEmpty() ? "" : "\n") + answers.text();
    return switch (output.format()) {
      case TEXT ->
          CompareText.render(
                  rows,
                  labels,
                  WorkloadData.note(runs, baseline, "tps_x and p99_x", "vs", n -> n),
                  output.width())
              + (check.isEmpty() ? "" : "\n" + check);
      case MARKDOWN ->
          markdown(rows)
              + "\n"
              + WorkloadData.note(
                  runs, baseline, "Ratios (tps_ratio, p99_ratio)", "ratio_to", n -> "`" + n + "`")
              + (check.isEmpty() ? "" : "\n```\n" + check + "```\n");
      case CSV -> csv(rows);
    };
  }

  /** The cells of {@link #COST}: empty for a run given no price, or that completed nothing. */
  private static List<String> cost(SummaryFile.@Nullable Cost cost) {
    if (cost == null) {
      return List.of("", "");
    }
    Double perMillion = cost.perMillionIterations();
    return List.of(
        perMillion == null ? "" : HourlyCost.figure(perMillion), HourlyCost.figure(cost.perHour()));
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

  /** A GitHub table: pipes in cells escaped, the columns of numbers right-aligned. */
  private static String markdown(List<List<String>> rows) {
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < rows.size(); r++) {
      out.append("| ")
          .append(String.join(" | ", rows.get(r).stream().map(c -> c.replace("|", "\\|")).toList()))
          .append(" |\n");
      if (r == 0) {
        out.append('|');
        rows.get(0).forEach(c -> out.append(numbers(c) ? "---:|" : "---|"));
        out.append('\n');
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
