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
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
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

  /**
   * A run's row: its label, its directory's name, its summary and that of the run its ratios are to
   * ({@code base}, null for none) with that run's number ({@code ratioTo}, "" for none), and its
   * values of the options that size the data where the runs differ ({@code levels}).
   */
  public record Row(
      String label,
      String run,
      SummaryFile summary,
      @Nullable SummaryFile base,
      String ratioTo,
      List<String> levels) {}

  /**
   * A column of the table: its name in the header, whether it holds words (left-aligned) or
   * numbers, and its cell of a row.
   */
  public enum Column {
    LABEL("label", true, Row::label),
    RUN("run", true, Row::run),
    TARGET("target", true, r -> r.summary().identity().target()),
    SERVER("server", true, r -> r.summary().identity().serverVersion()),
    WORKLOAD("workload", true, r -> r.summary().identity().workload()),
    THREADS("threads", false, r -> String.valueOf(r.summary().identity().parallelism())),
    TPS("tps", false, r -> fixed(r.summary().outcomes().tps(), 2)),
    TPS_RATIO("tps_ratio", false, r -> ratio(r, s -> s.outcomes().tps())),
    COST_PER_MILLION(
        "cost_per_million", false, r -> cost(r, SummaryFile.Cost::perMillionIterations)),
    COST_PER_HOUR("cost_per_hour", false, r -> cost(r, SummaryFile.Cost::perHour)),
    P50("p50_ms", false, r -> fixed(times(r).p50(), 3)),
    P95("p95_ms", false, r -> fixed(times(r).p95(), 3)),
    P99("p99_ms", false, r -> fixed(times(r).p99(), 3)),
    P99_RATIO("p99_ratio", false, r -> ratio(r, s -> s.breakdown().responseTimeMs().p99())),
    RATIO_TO("ratio_to", false, Row::ratioTo),
    P999("p999_ms", false, r -> fixed(times(r).p999(), 3)),
    MAX("max_ms", false, r -> fixed(times(r).max(), 3)),
    RETRIES("retries", false, r -> String.valueOf(r.summary().outcomes().retries())),
    ERRORS("errors", false, r -> String.valueOf(r.summary().outcomes().errors())),
    IN_DOUBT(
        "in_doubt",
        false,
        r -> String.valueOf(SummaryFile.orZero(r.summary().outcomes().inDoubt()))),
    VERIFICATION("verification", true, r -> r.summary().verdict()),
    EMBEDDED("embedded", true, r -> embedded(r.summary())),
    WHERE("where", true, r -> Objects.requireNonNullElse(r.summary().identity().server(), "")),
    CLIENT_CPU_CORES("client_cpu_cores", false, r -> cpuCores(r.summary().environment().client())),
    BOTTLENECK("bottleneck", true, r -> bottleneck(r.summary()));

    private final String heading;
    private final boolean words;

    @SuppressWarnings("ImmutableEnumChecker") // a method reference or a lambda that keeps no state
    private final Function<Row, String> cell;

    Column(String heading, boolean words, Function<Row, String> cell) {
      this.heading = heading;
      this.words = words;
      this.cell = cell;
    }

    /** Its name in the header, such as {@code p99_ms}. */
    public String heading() {
      return heading;
    }

    boolean numbers() {
      return !words;
    }

    /** The cell of {@code row}, a field of a file made printable. */
    public String of(Row row) {
      return Printable.field(cell.apply(row));
    }
  }

  /** The columns of the runs' cost, after tps_ratio when some run has one ({@link HourlyCost}). */
  static final Set<Column> COST = EnumSet.of(Column.COST_PER_MILLION, Column.COST_PER_HOUR);

  /** The header of runs of one data volume and no price. */
  static final List<String> HEADER =
      Arrays.stream(Column.values()).filter(c -> !COST.contains(c)).map(Column::heading).toList();

  /**
   * The table: a row per run, the data options where runs differ in them ({@code levels}), and
   * whether some run was given a price.
   */
  public record Table(List<String> levels, boolean priced, List<Row> rows) {
    /** Its columns but the levels': the cost's only when some run was priced. */
    public List<Column> columns() {
      return Arrays.stream(Column.values()).filter(c -> priced || !COST.contains(c)).toList();
    }

    /** The table as text cells, the header first, the levels after the threads. */
    public List<List<String>> cells() {
      List<List<String>> cells = new ArrayList<>();
      cells.add(line(Column::heading, levels.stream().map(o -> o.replace('-', '_'))));
      for (Row row : rows) {
        cells.add(line(c -> c.of(row), row.levels().stream().map(Printable::field)));
      }
      return cells;
    }

    /**
     * Each run's warning that txbench may have limited it, once, with the runs it is of (indexes
     * from 0), in the order of the first run with it: thirteen runs a saturated client limited are
     * one warning, not thirteen.
     */
    public Map<String, List<Integer>> warnings() {
      Map<String, List<Integer>> warned = new LinkedHashMap<>();
      for (int r = 0; r < rows.size(); r++) {
        String warning = Column.BOTTLENECK.of(rows.get(r));
        if (!warning.isEmpty()) {
          warned.computeIfAbsent(warning, w -> new ArrayList<>()).add(r);
        }
      }
      return warned;
    }

    /** A line of the table: each column's {@code cell}, the {@code levels} after the threads. */
    List<String> line(Function<Column, String> cell, Stream<String> levels) {
      List<String> line = new ArrayList<>();
      for (Column c : columns()) {
        line.add(cell.apply(c));
        if (c == Column.THREADS) {
          levels.forEach(line::add);
        }
      }
      return line;
    }
  }

  private CompareTable() {}

  /**
   * The table's rows: each run's label, its ratios to the run of the same workload and data that
   * {@link WorkloadData#references} gives for {@code baseline} (none when there is none), and that
   * run's index in {@code ratio_to}.
   */
  public static Table table(List<ResultDirectory> runs, ResultDirectory baseline) {
    return table(runs, RunLabels.of(runs), WorkloadData.references(runs, baseline));
  }

  private static Table table(
      List<ResultDirectory> runs, RunLabels labels, List<@Nullable ResultDirectory> references) {
    List<String> levels =
        WorkloadData.DATA_OPTIONS.stream()
            .filter(
                o ->
                    runs.stream().map(r -> WorkloadData.option(r.summary(), o)).distinct().count()
                        > 1)
            .toList();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      SummaryFile r = runs.get(i).summary();
      ResultDirectory reference = references.get(i);
      rows.add(
          new Row(
              labels.label(i),
              runs.get(i).label(),
              r,
              reference == null ? null : reference.summary(),
              reference == null ? "" : String.valueOf(runs.indexOf(reference) + 1),
              levels.stream().map(o -> WorkloadData.option(r, o)).toList()));
    }
    boolean priced = runs.stream().anyMatch(r -> r.summary().window().cost() != null);
    return new Table(levels, priced, rows);
  }

  /**
   * Run indexes from 0 as the tables number them, from 1, runs in a row as a range: {@code 1-3, 7}.
   */
  public static String ranges(List<Integer> runs) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      int first = runs.get(i);
      while (i + 1 < runs.size() && runs.get(i + 1) == runs.get(i) + 1) {
        i++;
      }
      int last = runs.get(i);
      parts.add(first == last ? String.valueOf(first + 1) : (first + 1) + "-" + (last + 1));
    }
    return String.join(", ", parts);
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
    Table table = table(runs, labels, WorkloadData.references(runs, baseline));
    String check = CompareOperations.text(runs, baseline);
    check = check + (check.isEmpty() || answers.text().isEmpty() ? "" : "\n") + answers.text();
    return switch (output.format()) {
      case TEXT ->
          CompareText.render(
                  table,
                  labels,
                  WorkloadData.note(runs, baseline, "tps_x and p99_x", "vs", n -> n),
                  output.width())
              + (check.isEmpty() ? "" : "\n" + check);
      case MARKDOWN ->
          markdown(table)
              + "\n"
              + WorkloadData.note(
                  runs, baseline, "Ratios (tps_ratio, p99_ratio)", "ratio_to", n -> "`" + n + "`")
              + (check.isEmpty() ? "" : "\n```\n" + check + "```\n");
      case CSV -> csv(table.cells());
    };
  }

  /** The ratio of {@code figure} of the row's run to its base's; "" when it has none. */
  private static String ratio(Row row, ToDoubleFunction<SummaryFile> figure) {
    SummaryFile base = row.base();
    return base == null
        ? ""
        : ratio(figure.applyAsDouble(row.summary()), figure.applyAsDouble(base));
  }

  /** A figure of the run's cost; "" for a run given no price, or that completed nothing. */
  private static String cost(Row row, Function<SummaryFile.Cost, @Nullable Double> figure) {
    SummaryFile.Cost cost = row.summary().window().cost();
    Double value = cost == null ? null : figure.apply(cost);
    return value == null ? "" : HourlyCost.figure(value);
  }

  private static SummaryFile.Percentiles times(Row row) {
    return row.summary().breakdown().responseTimeMs();
  }

  /** The cores the client used, or "" when it was not measured. */
  private static String cpuCores(SummaryFile.@Nullable Client client) {
    return client == null || client.cpuCores() == null ? "" : fixed(client.cpuCores(), 2);
  }

  /** "yes", "no", or "" for a summary written before txbench recorded it. */
  public static String embedded(SummaryFile run) {
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
  private static String markdown(Table table) {
    List<List<String>> rows = table.cells();
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < rows.size(); r++) {
      out.append("| ")
          .append(String.join(" | ", rows.get(r).stream().map(c -> c.replace("|", "\\|")).toList()))
          .append(" |\n");
      if (r == 0) {
        out.append('|');
        table
            .line(c -> c.numbers() ? "---:|" : "---|", table.levels().stream().map(l -> "---:|"))
            .forEach(out::append);
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static String csv(List<List<String>> rows) {
    StringWriter s = new StringWriter();
    try (CSVPrinter p = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get().print(s)) {
      p.printRecords(rows);
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
