package io.txbench.report.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.spi.Verification;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** ab's percentage table closes the summary of a target that asks for it, and of no other. */
class PercentageTableSummaryTest {
  private static String console(String target, boolean percentageTable) {
    Histogram times = new Histogram(3);
    for (long ms = 1; ms <= 100; ms++) {
      times.recordValue(ms * 1_000_000);
    }
    RunSummary summary =
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                target,
                "1.0",
                "driver",
                false,
                "127.0.0.1:80",
                null,
                "get",
                false,
                percentageTable),
            4,
            WarmUp.fixed(java.time.Duration.ZERO),
            Map.of(),
            Map.of(),
            FakeRuns.result(1_000_000, 3, times),
            Verification.notRun("--no-verify"),
            List.of(),
            "results",
            List.of(),
            null);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleSummary.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), summary, UnaryOperator.identity());
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theTargetSaysWhetherItsSummaryEndsWithAbsTable() {
    String table = "  Percentage of the requests served within a certain time (ms)";
    assertEquals(1, console("acme-api", true).lines().filter(table::equals).count());
    // By what the target says, not its name.
    assertEquals(0, console("http", false).lines().filter(table::equals).count());
    assertEquals(1, console("acme-api", true).lines().filter(l -> l.startsWith("   100%")).count());
  }
}
