package io.txbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison as a terminal shows it, no wider than {@value #WIDTH} columns: the figures that
 * tell runs apart (p95, p99.9 and where each ran are in the Markdown and CSV formats), what
 * every run shares said once above the table (the target only there: the server's name says
 * it), names too long shortened in their middle, embedded runs marked, the baseline named below.
 */
final class CompareText {
  static final int WIDTH = 120;
  private static final String SHORTENED = "...";
  private static final int NARROWEST = 12;
  private static final String EMBEDDED_MARK = "*";

  /** The full table's columns that the text shows, with the headings it shows them under. */
  private static final Map<String, String> COLUMNS = columns("run", "run", "target", "target",
      "server", "server", "workload", "workload", "threads", "thr", "tps", "tps", "tps_ratio",
      "tps_x", "p50_ms", "p50_ms", "p99_ms", "p99_ms", "p99_ratio", "p99_x", "max_ms", "max_ms",
      "retries", "retries", "errors", "errors", "in_doubt", "doubt", "verification", "verify");
  /** Left-aligned text, said once above the table when every run shares it. */
  private static final Set<String> SHARED_ONCE = Set.of("target", "server", "workload");

  private CompareText() {}

  static String render(List<List<String>> rows, String baseline) {
    List<String> header = rows.get(0);
    List<List<String>> data = rows.subList(1, rows.size());
    List<String> shown = new ArrayList<>();
    List<String> shared = new ArrayList<>();
    for (String column : COLUMNS.keySet()) {
      int i = header.indexOf(column);
      boolean same = data.stream().map(r -> r.get(i)).distinct().count() == 1;
      if (SHARED_ONCE.contains(column) && same) {
        if (!data.get(0).get(i).isEmpty()) {
          shared.add(column + " " + data.get(0).get(i));
        }
      } else if (!column.equals("target")) { // when targets differ, the servers' names say them

        shown.add(column);
      }
    }
    int embedded = header.indexOf("embedded");
    List<List<String>> table = new ArrayList<>();
    table.add(shown.stream().map(COLUMNS::get).toList());
    boolean anyEmbedded = false;
    for (List<String> row : data) {
      boolean mark = row.get(embedded).equals("yes");
      anyEmbedded |= mark;
      table.add(shown.stream().map(c -> row.get(header.indexOf(c))
          + (c.equals("run") && mark ? EMBEDDED_MARK : "")).toList());
    }
    StringBuilder out = new StringBuilder();
    if (!shared.isEmpty()) {
      out.append(String.join(", ", shared)).append('\n');
    }
    aligned(out, table, shown);
    out.append("tps_x and p99_x are ratios to the baseline, ").append(baseline).append('\n');
    if (anyEmbedded) {
      out.append(EMBEDDED_MARK).append(" embedded: the run's server was one txbench started"
          + " itself\n");
    }
    return out.toString();
  }

  /** The table with columns aligned, the widest names shortened until it fits. */
  private static void aligned(StringBuilder out, List<List<String>> table, List<String> shown) {
    int[] widths = new int[shown.size()];
    for (List<String> row : table) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    while (total(widths) > WIDTH) {
      int widest = -1;
      for (int i = 0; i < widths.length; i++) {
        boolean text = i == 0 || SHARED_ONCE.contains(shown.get(i));
        if (text && widths[i] > NARROWEST && (widest < 0 || widths[i] > widths[widest])) {
          widest = i;
        }
      }
      if (widest < 0) {
        break; // the figures alone are wider: they are never cut
      }
      widths[widest]--;
    }
    for (List<String> row : table) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = shortened(row.get(i), widths[i]);
        String pad = " ".repeat(widths[i] - cell.length());
        boolean text = i == 0 || SHARED_ONCE.contains(shown.get(i))
            || shown.get(i).equals("verification");
        line.append(i == 0 ? "" : "  ").append(text ? cell + pad : pad + cell);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }

  private static int total(int[] widths) {
    int sum = 2 * (widths.length - 1);
    for (int w : widths) {
      sum += w;
    }
    return sum;
  }

  /** {@code cell} cut in its middle to {@code width}: a run's name keeps its level at the end. */
  private static String shortened(String cell, int width) {
    if (cell.length() <= width) {
      return cell;
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
