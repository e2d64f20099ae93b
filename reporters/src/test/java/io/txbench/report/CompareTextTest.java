package io.txbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare's text table: fits a terminal, names its baseline, marks embedded runs. */
class CompareTextTest {
  @TempDir Path dir;

  private ResultDirectory run(String name, String target, long start, int perSecond,
      boolean embedded) throws IOException {
    return ResultDirectory.load(FakeRuns.write(dir.resolve(name), target, start, 3, perSecond,
        1, embedded, embedded ? "embedded PostgreSQL on localhost:39211" : "127.0.0.1:5432"));
  }

  @Test
  void theTextTableFitsIn120ColumnsAndTheOtherFormatsKeepEveryColumn() throws IOException {
    List<ResultDirectory> runs = List.of(
        run("20260101T120000Z-postgres-point-select-sweep-p8", "postgres", 1_000_000, 100, false),
        run("20260101T120000Z-mysql-point-select-sweep-p8", "mysql", 2_000_000, 90_000, false),
        run("20260101T120000Z-mongo-point-select-sweep-p64", "mongo", 3_000_000, 7, true));
    String text = CompareTable.render(runs, CompareTable.Format.TEXT);
    for (String line : text.lines().toList()) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line);
    }
    assertTrue(text.contains("-p64*"), text); // a long name keeps its end, where its level is
    for (ResultDirectory r : runs) {
      assertTrue(text.contains(r.text("serverVersion")), text);
    }
    String csv = CompareTable.render(runs, CompareTable.Format.CSV);
    assertEquals(String.join(",", CompareTable.HEADER), csv.lines().findFirst().orElseThrow());
    assertTrue(csv.contains(runs.get(0).label()), csv);
    assertTrue(CompareTable.render(runs, CompareTable.Format.MARKDOWN)
        .contains("| p95_ms | p99_ms | p99_ratio | p999_ms |"));
  }

  @Test
  void whatEveryRunSharesIsSaidOnceAboveTheTable() throws IOException {
    List<ResultDirectory> runs = List.of(run("p8", "postgres", 1_000_000, 100, false),
        run("p16", "postgres", 2_000_000, 200, false));
    List<String> lines = CompareTable.render(runs, CompareTable.Format.TEXT).lines().toList();
    assertEquals("target postgres, server postgres 1.0, workload insert", lines.get(0));
    assertFalse(lines.get(1).contains("target"), lines.get(1));
  }

  @Test
  void theOutputNamesTheBaselineAndTheRatiosAreToIt() throws IOException {
    ResultDirectory p8 = run("p8", "postgres", 1_000_000, 100, false);
    ResultDirectory p16 = run("p16", "postgres", 2_000_000, 200, false);
    String text = CompareTable.render(List.of(p8, p16), p16, CompareTable.Format.TEXT);
    assertTrue(text.contains("ratios to the baseline, p16"), text);
    String p8Row = text.lines().filter(l -> l.startsWith("p8 ")).findFirst().orElseThrow();
    assertTrue(p8Row.contains(" 0.50 "), text); // half the baseline's throughput
    String markdown = CompareTable.render(List.of(p8, p16), p16, CompareTable.Format.MARKDOWN);
    assertTrue(markdown.contains("Ratios are to the baseline, `p16`."), markdown);
  }

  @Test
  void aRunOnAnEmbeddedServerIsMarkedWithAFootnote() throws IOException {
    String text = CompareTable.render(List.of(run("real", "postgres", 1_000_000, 100, false),
        run("mine", "postgres", 2_000_000, 100, true)), CompareTable.Format.TEXT);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("mine* ")), text);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("real ")), text);
    assertTrue(text.contains("* embedded: the run's server was one txbench started itself"),
        text);
  }
}
