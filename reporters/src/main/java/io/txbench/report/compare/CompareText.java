package io.txbench.report.compare;

import io.txbench.report.compare.CompareTable.Column;
import io.txbench.report.compare.CompareTable.Row;
import io.txbench.report.compare.CompareTable.Table;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The comparison as a terminal shows it, no wider than it is: what every run shares said once above
 * the table, then a row per run under its label ({@link RunLabels}), its figures in full with their
 * thousands grouped ({@code 18,234.50}), embedded runs marked, what the ratios are to below, and
 * each run's warning that txbench itself may have limited it; the cost of a million iterations
 * ({@code cost/M}) after the tps when a run was given a price. p95, p99.9, where each ran, the
 * client's CPU and the price an hour are left to the Markdown and CSV formats. When the table is
 * too wide, the less telling columns are left out, and said so (the run's directory first, then
 * max, retries, in doubt, p50, verify, errors); when even the label, tps, p99 and the ratios are,
 * the labels move to a key above it and the rows keep their index. Neither a figure nor a label is
 * ever cut.
 */
final class CompareText {
  private static final String EMBEDDED_MARK = "*";
  private static final String WARNING = "warning: ";
  private static final String CONTINUED = "  ";
  private static final String GAP = "  ";

  /** The full table's columns that the text shows, in order, with the headings it shows. */
  private static final Map<Column, String> COLUMNS = new LinkedHashMap<>();

  static {
    COLUMNS.put(Column.LABEL, "run");
    COLUMNS.put(Column.TPS, "tps");
    COLUMNS.put(Column.TPS_RATIO, "tps_x");
    COLUMNS.put(Column.COST_PER_MILLION, "cost/M");
    COLUMNS.put(Column.P50, "p50_ms");
    COLUMNS.put(Column.P99, "p99_ms");
    COLUMNS.put(Column.P99_RATIO, "p99_x");
    COLUMNS.put(Column.RATIO_TO, "vs");
    COLUMNS.put(Column.MAX, "max_ms");
    COLUMNS.put(Column.RETRIES, "retries");
    COLUMNS.put(Column.ERRORS, "errors");
    COLUMNS.put(Column.IN_DOUBT, "doubt");
    COLUMNS.put(Column.VERIFICATION, "verify");
    COLUMNS.put(Column.RUN, "directory");
  }

  /** The columns left out, in this order, while the table is too wide. */
  private static final List<Column> LEFT_OUT_FIRST =
      List.of(
          Column.RUN,
          Column.MAX,
          Column.RETRIES,
          Column.IN_DOUBT,
          Column.P50,
          Column.VERIFICATION,
          Column.ERRORS);

  private CompareText() {}

  /** The table of {@code rows} no wider than {@code width}, {@code ratios} saying what to. */
  static String render(Table table, RunLabels labels, String ratios, int width) {
    List<Row> data = table.rows();
    List<Column> columns = shown(table);
    Map<Column, Integer> labelled = widths(data, labels, columns, false);
    boolean keyed =
        total(fitting(columns, labelled, width), labelled) > width
            && IntStream.range(0, data.size()).anyMatch(r -> !labels.facts().get(r).isEmpty());
    Map<Column, Integer> widths = keyed ? widths(data, labels, columns, true) : labelled;
    List<Column> kept = fitting(columns, widths, width);
    StringBuilder out = new StringBuilder();
    labels.shared().forEach(line -> wrapped(out, line, width));
    for (int r = 0; keyed && r < data.size(); r++) {
      wrapped(out, cell(data, labels, r, Column.LABEL, false), width);
    }
    List<List<String>> lines = new ArrayList<>();
    lines.add(kept.stream().map(CompareText::heading).toList());
    for (int r = 0; r < data.size(); r++) {
      int run = r;
      lines.add(kept.stream().map(c -> cell(data, labels, run, c, keyed)).toList());
    }
    for (List<String> row : lines) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String pad = " ".repeat(widths.getOrDefault(kept.get(i), 0) - row.get(i).length());
        boolean right = kept.get(i).numbers();
        line.append(i == 0 ? "" : GAP).append(right ? pad + row.get(i) : row.get(i) + pad);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    appendNotes(out, table, labels, ratios, width, columns, kept);
    return out.toString();
  }

  /**
   * The columns worth showing, of those the table has (the cost only when a run has one): the
   * ratios when some run has one, {@code vs} when they are to more than one run.
   */
  private static List<Column> shown(Table table) {
    List<Column> shown = new ArrayList<>();
    for (Column column : COLUMNS.keySet()) {
      if (!table.columns().contains(column)) {
        continue;
      }
      long values =
          table.rows().stream().map(column::of).filter(v -> !v.isEmpty()).distinct().count();
      boolean ratio = column == Column.TPS_RATIO || column == Column.P99_RATIO;
      if (!(ratio && values == 0) && !(column == Column.RATIO_TO && values < 2)) {
        shown.add(column);
      }
    }
    return shown;
  }

  /**
   * The cell of the {@code r}-th run in {@code column}: its label as its index, right-aligned, then
   * (unless {@code keyed}) what tells it apart, marked when its server was embedded; a figure with
   * its thousands grouped.
   */
  private static String cell(
      List<Row> data, RunLabels labels, int r, Column column, boolean keyed) {
    Row row = data.get(r);
    if (column == Column.LABEL) {
      String index = String.valueOf(r + 1);
      String padded = " ".repeat(String.valueOf(data.size()).length() - index.length()) + index;
      String facts = labels.facts().get(r);
      facts = keyed || facts.isEmpty() ? "" : " " + facts;
      return padded + facts + (embedded(row) ? EMBEDDED_MARK : "");
    }
    String value = column.of(row);
    return column.numbers() ? grouped(value) : value;
  }

  private static boolean embedded(Row row) {
    return Column.EMBEDDED.of(row).equals("yes");
  }

  /** The width of each of {@code columns}: its heading's or its widest cell's. */
  private static Map<Column, Integer> widths(
      List<Row> data, RunLabels labels, List<Column> columns, boolean keyed) {
    Map<Column, Integer> widths = new EnumMap<>(Column.class);
    for (Column column : columns) {
      int w = heading(column).length();
      for (int r = 0; r < data.size(); r++) {
        w = Math.max(w, cell(data, labels, r, column, keyed).length());
      }
      widths.put(column, w);
    }
    return widths;
  }

  /** {@code columns} less those left out first, until they fit {@code width} or none is left. */
  private static List<Column> fitting(
      List<Column> columns, Map<Column, Integer> widths, int width) {
    List<Column> kept = new ArrayList<>(columns);
    for (Column column : LEFT_OUT_FIRST) {
      if (total(kept, widths) <= width) {
        break;
      }
      kept.remove(column);
    }
    return kept;
  }

  private static int total(List<Column> columns, Map<Column, Integer> widths) {
    return GAP.length() * (columns.size() - 1)
        + columns.stream().mapToInt(c -> widths.getOrDefault(c, 0)).sum();
  }

  /**
   * Below the table: what the ratios are to, what the embedded mark means, the columns left out,
   * each run's warning.
   */
  private static void appendNotes(
      StringBuilder out,
      Table table,
      RunLabels labels,
      String ratios,
      int width,
      List<Column> columns,
      List<Column> kept) {
    if (!ratios.isEmpty()) {
      wrapped(out, ratios.strip(), width);
    }
    if (table.rows().stream().anyMatch(CompareText::embedded)) {
      wrapped(
          out, EMBEDDED_MARK + " embedded: the run's server was one txbench started itself", width);
    }
    List<String> left =
        columns.stream().filter(c -> !kept.contains(c)).map(CompareText::heading).toList();
    if (!left.isEmpty()) {
      wrapped(
          out,
          "left out to fit "
              + width
              + " columns: "
              + String.join(", ", left)
              + " (a wider --width, or --format csv, shows them)",
          width);
    }
    table
        .warnings()
        .forEach(
            (warning, runs) ->
                wrapped(
                    out,
                    runs.size() == 1
                        ? WARNING + labels.label(runs.get(0)) + ": " + warning
                        : "warning, runs " + CompareTable.ranges(runs) + ": " + warning,
                    width));
  }

  private static String heading(Column column) {
    return COLUMNS.getOrDefault(column, column.heading());
  }

  /** A number with its thousands grouped ({@code 18,234.50}); other text as it is. */
  static String grouped(String cell) {
    if (!cell.matches("-?\\d+(\\.\\d+)?")) {
      return cell;
    }
    BigDecimal value = new BigDecimal(cell);
    return String.format(Locale.ROOT, "%,." + value.scale() + "f", value);
  }

  /**
   * {@code text} in lines no wider than {@code width}, broken between words, those after the first
   * indented; a word too long for a line goes on over the next.
   */
  static void wrapped(StringBuilder out, String text, int width) {
    String line = text.substring(0, text.length() - text.stripLeading().length());
    for (String word : text.stripLeading().split(" ")) {
      String before = line.isBlank() ? line : line + " ";
      if (!line.isBlank() && before.length() + word.length() > width) {
        out.append(line).append('\n');
        before = CONTINUED;
      }
      String rest = word;
      while (before.length() + rest.length() > width) {
        int room = width - before.length();
        out.append(before).append(rest, 0, room).append('\n');
        rest = rest.substring(room);
        before = CONTINUED;
      }
      line = before + rest;
    }
    out.append(line).append('\n');
  }
}
