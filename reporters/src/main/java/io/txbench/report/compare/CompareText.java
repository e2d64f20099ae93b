package io.txbench.report.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison as a terminal shows it, no wider than {@value #WIDTH} columns whatever the runs:
 * the figures that tell runs apart (p95, p99.9 and where each ran are in the Markdown and CSV
 * formats), what every run shares said once above the table (the target only there: the server's
 * name says it, as product and major version), names too long shortened in their middle, figures
 * too wide for what is left with fewer decimals or in thousands, millions..., embedded runs marked,
 * the data levels when they differ, the baseline named below, and below it each run's warning that
 * txbench itself may have limited it, wrapped.
 */
final class CompareText {
  static final int WIDTH = 120;
  private static final String SHORTENED = "...";

  /** How narrow names get before a figure loses a decimal. */
  private static final int NARROWEST = 12;

  /** How narrow run names and workloads get before a figure loses a decimal. */
  private static final int NAMES_BEFORE_FIGURES = 8;

  /** How narrow a server's name gets before a figure does: "MongoDB emulator" is 16. */
  private static final int SERVER_BEFORE_FIGURES = 16;

  /** How narrow names get when the figures are as narrow as they get. */
  private static final int NAMES_AT_LEAST = 6;

  private static final String BASELINE = "tps_x and p99_x are ratios to the baseline, ";
  private static final String EMBEDDED_MARK = "*";
  private static final String WARNING = "warning: ";
  private static final String CONTINUED = "  ";

  /** The full table's columns that the text shows, with the headings it shows them under. */
  private static final Map<String, String> COLUMNS =
      columns(
          "run",
          "run",
          "target",
          "target",
          "server",
          "server",
          "workload",
          "workload",
          "threads",
          "thr",
          "table_size",
          "size",
          "scale",
          "scale",
          "tps",
          "tps",
          "tps_ratio",
          "tps_x",
          "p50_ms",
          "p50_ms",
          "p99_ms",
          "p99_ms",
          "p99_ratio",
          "p99_x",
          "max_ms",
          "max_ms",
          "retries",
          "retries",
          "errors",
          "errors",
          "in_doubt",
          "doubt",
          "verification",
          "verify");

  /** Left-aligned text, said once above the table when every run shares it. */
  private static final Set<String> SHARED_ONCE = Set.of("target", "server", "workload");

  private CompareText() {}

  static String render(List<List<String>> rows, String baseline) {
    List<String> header = rows.get(0);
    List<List<String>> data = rows.subList(1, rows.size());
    List<String> shown = new ArrayList<>();
    List<String> shared = new ArrayList<>();
    splitColumns(header, data, shown, shared);
    int server = header.indexOf("server");
    List<String> servers = ServerNames.shortened(data.stream().map(r -> r.get(server)).toList());
    List<List<String>> table = table(header, data, shown, servers);
    StringBuilder out = new StringBuilder();
    appendShared(out, shared, servers);
    aligned(out, table, shown);
    appendNotes(out, header, data, baseline);
    return out.toString();
  }

  /**
   * Sorts the columns the text shows into those of the table ({@code shown}) and what every run
   * shares, said once above it ({@code shared}).
   */
  private static void splitColumns(
      List<String> header, List<List<String>> data, List<String> shown, List<String> shared) {
    for (String column : COLUMNS.keySet()) {
      int i = header.indexOf(column);
      if (i < 0) {
        continue; // a data level's column, in a table of runs of one data volume
      }
      boolean same = data.stream().map(r -> r.get(i)).distinct().count() == 1;
      if (SHARED_ONCE.contains(column) && same) {
        if (!data.get(0).get(i).isEmpty()) {
          shared.add(column + " " + data.get(0).get(i));
        }
      } else if (!column.equals("target")) { // when targets differ, the servers' names say them
        shown.add(column);
      }
    }
  }

  /** The table's heading and a row per run, its run's name marked when its server was embedded. */
  private static List<List<String>> table(
      List<String> header, List<List<String>> data, List<String> shown, List<String> servers) {
    int embedded = header.indexOf("embedded");
    List<List<String>> table = new ArrayList<>();
    table.add(shown.stream().map(COLUMNS::get).toList());
    for (int r = 0; r < data.size(); r++) {
      List<String> row = data.get(r);
      boolean mark = row.get(embedded).equals("yes");
      String serverName = servers.get(r);
      table.add(
          shown.stream()
              .map(
                  c ->
                      c.equals("server")
                          ? serverName
                          : row.get(header.indexOf(c))
                              + (c.equals("run") && mark ? EMBEDDED_MARK : ""))
              .toList());
    }
    return table;
  }

  /** What every run shares, in a line above the table: servers' names shortened if too long. */
  private static void appendShared(StringBuilder out, List<String> shared, List<String> servers) {
    if (!shared.isEmpty()) {
      String line = String.join(", ", shared);
      if (line.length() > WIDTH) {
        line =
            String.join(
                ", ",
                shared.stream()
                    .map(s -> s.startsWith("server ") ? "server " + servers.get(0) : s)
                    .toList());
      }
      out.append(shortened(line, WIDTH)).append('\n');
    }
  }

  /** Below the table: the baseline, what the embedded mark means, each run's warning. */
  private static void appendNotes(
      StringBuilder out, List<String> header, List<List<String>> data, String baseline) {
    int embedded = header.indexOf("embedded");
    boolean anyEmbedded = data.stream().anyMatch(row -> row.get(embedded).equals("yes"));
    out.append(BASELINE).append(shortened(baseline, WIDTH - BASELINE.length())).append('\n');
    if (anyEmbedded) {
      out.append(EMBEDDED_MARK)
          .append(" embedded: the run's server was one txbench started" + " itself\n");
    }
    int run = header.indexOf("run");
    int bottleneck = header.indexOf("bottleneck");
    for (List<String> row : data) {
      if (!row.get(bottleneck).isEmpty()) {
        wrapped(out, WARNING + row.get(run) + ": " + row.get(bottleneck));
      }
    }
  }

  /**
   * The table with columns aligned, no wider than {@value #WIDTH}: the widest names shortened to
   * {@value #NARROWEST}, then to {@value #NAMES_BEFORE_FIGURES} (a server's, already short, to
   * {@value #SERVER_BEFORE_FIGURES}), then the widest figures made narrower, then names again down
   * to their heading or {@value #NAMES_AT_LEAST}. With at most 14 columns, no figure wider than 7
   * at its narrowest and no name wider than 8, the table always fits.
   */
  private static void aligned(StringBuilder out, List<List<String>> table, List<String> shown) {
    int[] widths = new int[shown.size()];
    int[] narrowest = new int[shown.size()];
    boolean[] text = new boolean[shown.size()];
    for (int i = 0; i < shown.size(); i++) {
      text[i] = i == 0 || SHARED_ONCE.contains(shown.get(i)) || shown.get(i).equals("verification");
      for (List<String> row : table) {
        widths[i] = Math.max(widths[i], row.get(i).length());
        narrowest[i] =
            Math.max(
                narrowest[i],
                row == table.get(0)
                    ? row.get(i).length()
                    : text[i] ? NAMES_AT_LEAST : Figures.fit(row.get(i), 0).length());
      }
    }
    int server = shown.indexOf("server");
    for (int names : new int[] {NARROWEST, NAMES_BEFORE_FIGURES}) {
      narrowTo(
          widths,
          i ->
              !text[i]
                  ? widths[i]
                  : Math.max(narrowest[i], i == server ? SERVER_BEFORE_FIGURES : names));
    }
    narrowTo(widths, i -> text[i] ? widths[i] : narrowest[i]);
    narrowTo(widths, i -> narrowest[i]);
    for (List<String> row : table) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell =
            text[i] ? shortened(row.get(i), widths[i]) : Figures.fit(row.get(i), widths[i]);
        String pad = " ".repeat(Math.max(0, widths[i] - cell.length()));
        line.append(i == 0 ? "" : "  ").append(text[i] ? cell + pad : pad + cell);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }

  /** Narrows the widest column that may be, one at a time, until the table fits. */
  private static void narrowTo(int[] widths, java.util.function.IntUnaryOperator least) {
    while (total(widths) > WIDTH) {
      int widest = -1;
      for (int i = 0; i < widths.length; i++) {
        if (widths[i] > least.applyAsInt(i) && (widest < 0 || widths[i] > widths[widest])) {
          widest = i;
        }
      }
      if (widest < 0) {
        return;
      }
      widths[widest]--;
    }
  }

  private static int total(int[] widths) {
    int sum = 2 * (widths.length - 1);
    for (int w : widths) {
      sum += w;
    }
    return sum;
  }

  /**
   * {@code text} in lines no wider than {@value #WIDTH}, broken between words, those after the
   * first indented; a word too long for a line is cut in its middle.
   */
  private static void wrapped(StringBuilder out, String text) {
    String line = "";
    for (String word : text.split(" ")) {
      if (!line.isBlank() && line.length() + 1 + word.length() > WIDTH) {
        out.append(line).append('\n');
        line = CONTINUED;
      }
      String before = line.isBlank() ? line : line + " ";
      line = before + shortened(word, WIDTH - before.length());
    }
    out.append(line).append('\n');
  }

  /** {@code cell} cut in its middle to {@code width}: a run's name keeps its level at the end. */
  private static String shortened(String cell, int width) {
    if (cell.length() <= width) {
      return cell;
    }
    if (width <= SHORTENED.length()) {
      return cell.substring(cell.length() - width);
    }
    int keep = width - SHORTENED.length();
    int head = (keep + 1) / 2;
    return cell.substring(0, head) + SHORTENED + cell.substring(cell.length() - (keep - head));
  }

  private static Map<String, String> columns(String... pairs) {
    Map<String, String> columns = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      columns.put(pairs[i], pairs[i + 1]);
    }
    return columns;
  }
}
