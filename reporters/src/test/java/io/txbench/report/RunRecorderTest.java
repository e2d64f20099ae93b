package io.txbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.RunResult;
import io.txbench.core.run.MeasurementOutcome;
import io.txbench.core.spi.Verification;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.files.SystemUnderTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the command line and the Java API record of a run, through the one recorder. */
class RunRecorderTest {
  @TempDir Path dir;

  @Test
  void aSummaryThatCannotBeWrittenIsSaidAndRecordedOnceNotAgainAfterVerify() throws IOException {
    // A directory where summary.json should go: neither write before verify nor after it succeeds.
    Files.createDirectories(dir.resolve(SummaryJson.FILE).resolve("in-the-way"));
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    RunRecorder recorder =
        new RunRecorder(
            new RunRecorder.Subject(
                new SystemUnderTest(
                    "toy", "1.0", "toy driver", true, "memory", null, "counter", true, false),
                1,
                Duration.ZERO,
                Map.of(),
                Map.of(),
                dir,
                null,
                List.of(),
                null),
            new RunRecorder.Display(
                null,
                new PrintStream(said, true, StandardCharsets.UTF_8),
                UnaryOperator.identity(),
                null,
                null,
                metrics -> List.of()));
    RunResult result = FakeRuns.result(0, 1, new Histogram(3));

    recorder.measured(result);
    RunSummary summary =
        recorder.verified(
            new MeasurementOutcome(
                MeasurementOutcome.Ending.MEASURED, result, Verification.notRun("not asked")));

    assertEquals(1, summary.writeFailures().size(), summary.writeFailures().toString());
    assertTrue(summary.writeFailures().get(0).contains(SummaryJson.FILE), summary.toString());
    String lines = said.toString(StandardCharsets.UTF_8);
    assertEquals(1, lines.lines().count(), lines);
    assertTrue(lines.startsWith("txbench: "), lines);
  }
}
