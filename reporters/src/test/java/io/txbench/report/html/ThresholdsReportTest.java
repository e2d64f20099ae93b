package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.ThresholdVerdict;
import io.txbench.report.console.VerdictText;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryFileTest;
import io.txbench.report.files.SummaryJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The thresholds' verdicts as the console prints them and summary.json records them. */
class ThresholdsReportTest {
  private static final List<ThresholdVerdict> VERDICTS =
      List.of(
          new ThresholdVerdict("p99<20ms", 12.3456789, "ms", true, java.util.Optional.empty()),
          new ThresholdVerdict("tps >= 1500", 1234.5, "tps", false, java.util.Optional.empty()),
          new ThresholdVerdict("errors<0.1%", 0.01234, "%", true, java.util.Optional.empty()),
          new ThresholdVerdict("in-doubt==0", 3, "count", false, java.util.Optional.empty()),
          new ThresholdVerdict("verification", 1, "passed", true, java.util.Optional.empty()),
          new ThresholdVerdict("p50<1s", Double.NaN, "s", false, java.util.Optional.empty()));

  @TempDir Path dir;

  @Test
  void summaryJsonRecordsEachThresholdAfterTheVerificationWithItsFigureAndVerdict()
      throws IOException {
    RunSummary summary =
        SummaryFileTest.representative(Verification.of(Map.of(), List.of()))
            .withVerdicts(Verification.of(Map.of(), List.of()), VERDICTS);
    SummaryJson.write(dir, summary, null, UnaryOperator.identity());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile());
    List<String> keys = new ArrayList<>();
    json.fieldNames().forEachRemaining(keys::add);
    assertEquals(keys.indexOf("verification") + 1, keys.indexOf("thresholds"), keys.toString());
    JsonNode thresholds = json.get("thresholds");
    assertEquals(VERDICTS.size(), thresholds.size());
    JsonNode p99 = thresholds.get(0);
    assertEquals("p99<20ms", p99.get("expression").asText());
    assertEquals(12.345679, p99.get("measured").asDouble(), 0);
    assertEquals("ms", p99.get("unit").asText());
    assertTrue(p99.get("passed").asBoolean());
    JsonNode tps = thresholds.get(1);
    assertEquals("tps >= 1500", tps.get("expression").asText()); // as the user wrote it
    assertFalse(tps.get("passed").asBoolean());
    assertEquals(1234.5, tps.get("measured").asDouble(), 0);
    JsonNode nothing = thresholds.get(5);
    assertFalse(nothing.has("measured"), nothing.toString()); // not a 0 that looks measured
    assertFalse(nothing.get("passed").asBoolean());
    assertEquals(
        SummaryJson.of(summary, null),
        SummaryFile.read(dir.resolve(SummaryJson.FILE)),
        "reads back");
  }

  @Test
  void aRunWithoutThresholdsWritesNoThresholdsKey() throws IOException {
    SummaryJson.write(
        dir,
        SummaryFileTest.representative(Verification.notRun("--no-verify")),
        null,
        UnaryOperator.identity());
    String written = Files.readString(dir.resolve(SummaryJson.FILE), StandardCharsets.UTF_8);
    assertFalse(written.contains("\"thresholds\""), written);
  }

  @Test
  void theConsolePrintsOneAlignedLinePerThresholdWithItsFigure() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    VerdictText.printThresholds(new PrintStream(bytes, true, StandardCharsets.UTF_8), VERDICTS);
    assertEquals(
        List.of(
            "  threshold     p99<20ms      PASS  12.346 ms",
            "  threshold     tps >= 1500   FAIL  1,234.50 tps",
            "  threshold     errors<0.1%   PASS  0.0123 %",
            "  threshold     in-doubt==0   FAIL  3",
            "  threshold     verification  PASS  verify passed",
            "  threshold     p50<1s        FAIL  nothing measured"),
        bytes.toString(StandardCharsets.UTF_8).lines().toList());
  }
}
