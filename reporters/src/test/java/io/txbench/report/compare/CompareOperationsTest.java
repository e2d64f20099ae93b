package io.txbench.report.compare;

import static io.txbench.report.files.MixRuns.mix;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.Queries;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.MixRuns;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare puts each operation's times of each run side by side, the baseline's p95 the unit. */
class CompareOperationsTest {
  @TempDir Path dir;

  @Test
  void eachOperationIsComparedRunByRunWithItsOwnP95Ratio() throws IOException {
    ResultDirectory fast = run("fast", new double[] {1, 1, 2}, new double[] {10, 20});
    ResultDirectory slow = run("slow", new double[] {2, 2, 4}, new double[] {10, 20});
    String text = CompareOperations.text(List.of(fast, slow), fast);
    List<String> lines = text.lines().toList();
    assertEquals("operations, response times in ms:", lines.get(0));
    assertTrue(
        lines.get(2).matches("  point-select  fast +3 +1\\.00\\d +2\\.00\\d .* 1\\.00"), text);
    assertTrue(
        lines.get(3).matches("                slow +3 +2\\.00\\d +4\\.00\\d .* 2\\.00"), text);
    assertTrue(lines.get(4).matches("  update        fast +2 +10\\.00\\d .* 1\\.00"), text);
    assertTrue(lines.get(5).matches("                slow +2 +10\\.00\\d .* 1\\.00"), text);
    assertTrue(
        CompareTable.render(List.of(fast, slow), CompareTable.Format.TEXT).contains(text),
        "the text format shows them");
  }

  @Test
  void runsWithoutOperationsShowNone() throws IOException {
    ResultDirectory a = ResultDirectory.load(FakeRuns.write(dir.resolve("a"), "pg", 1, 2, 5, 1));
    assertEquals("", CompareOperations.text(List.of(a), a));
  }

  private ResultDirectory run(String name, double[] selects, double[] updates) throws IOException {
    Path out = dir.resolve(name);
    java.nio.file.Files.createDirectories(out);
    SummaryJson.write(
        out,
        MixRuns.summary("mix", MixRuns.run(mix(selects, updates, 0), new Queries(3, 2, 0))),
        null,
        UnaryOperator.identity());
    return ResultDirectory.load(out);
  }
}
