package io.txbench.report.console;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.spi.Verification;
import io.txbench.core.telemetry.Fingerprint;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's fingerprint in summary.json and in two lines of the console summary. */
class FingerprintSummaryTest {
  private static final Fingerprint.Host VM =
      new Fingerprint.Host(
          "bench-vm-1",
          "Intel(R) Xeon(R) CPU @ 2.20GHz",
          2,
          24625112L * 1024,
          "Linux 6.1.0-31-cloud-amd64 amd64",
          "Java 17.0.15+6 (Eclipse Adoptium, OpenJDK 64-Bit Server VM)",
          "Google",
          "Google Compute Engine");

  @TempDir Path dir;

  private static Map<String, String> settings() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("server_version", "17.2");
    s.put("shared_buffers", "128MB");
    s.put("fsync", "on");
    return s;
  }

  private RunSummary summary(@Nullable Fingerprint fingerprint) {
    return new RunSummary(
        "1.0",
        new SystemUnderTest(
            "postgres",
            "PostgreSQL 17.2",
            "PostgreSQL JDBC Driver 42.7.14",
            false,
            "127.0.0.1:5432",
            fingerprint,
            "insert",
            false,
            false),
        4,
        WarmUp.fixed(java.time.Duration.ZERO),
        Map.of(),
        Map.of(),
        FakeRuns.result(1_000_000, 3, new Histogram(3)),
        Verification.notRun("--no-verify"),
        List.of(),
        dir.toString(),
        List.of(),
        null);
  }

  private static String console(RunSummary summary) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleSummary.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), summary, UnaryOperator.identity());
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void summaryJsonHoldsTheClientsMachineAndTheServersSettingsInOrder() throws IOException {
    SummaryJson.write(dir, summary(new Fingerprint(VM, settings())), null, s -> s);

    JsonNode f =
        new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile()).get("fingerprint");
    JsonNode client = f.get("client");
    assertEquals("bench-vm-1", client.get("hostname").asText());
    assertEquals("Intel(R) Xeon(R) CPU @ 2.20GHz", client.get("cpuModel").asText());
    assertEquals(2, client.get("cores").asInt());
    assertEquals(24625112L * 1024, client.get("memoryBytes").asLong());
    assertEquals("Linux 6.1.0-31-cloud-amd64 amd64", client.get("os").asText());
    assertEquals("Google Compute Engine", client.get("machineProduct").asText());
    assertEquals(
        List.of("server_version", "shared_buffers", "fsync"),
        iterable(f.get("server").fieldNames()));
    assertEquals("128MB", f.get("server").get("shared_buffers").asText());
    SummaryFile read = ResultDirectory.load(dir).summary();
    SummaryFile.Fingerprint fingerprint = requireNonNull(read.environment().fingerprint());
    assertEquals(settings(), fingerprint.server());
    assertEquals(2, requireNonNull(fingerprint.client()).cores());
  }

  @Test
  void whatTheMachineDoesNotTellIsLeftOutOfSummaryJson() throws IOException {
    Fingerprint.Host bare = new Fingerprint.Host(null, null, 1, null, null, null, null, null);
    SummaryJson.write(dir, summary(new Fingerprint(bare, Map.of())), null, s -> s);

    JsonNode f =
        new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile()).get("fingerprint");
    assertEquals(List.of("cores"), iterable(f.get("client").fieldNames()));
    assertFalse(f.has("server"), f.toString()); // none read: left out, as the shape says
  }

  @Test
  void theConsoleShowsTheMachineAndTheSettingsInTwoShortLines() {
    String out = console(summary(new Fingerprint(VM, settings())));

    assertTrue(
        out.contains("\n  settings      server_version=17.2, shared_buffers=128MB, fsync=on\n"),
        out);
    assertTrue(
        out.contains(
            "\n  client host   Intel(R) Xeon(R) CPU @ 2.20GHz, 2 cores, 23.5 GiB,"
                + " Linux 6.1.0-31-cloud-amd64 amd64, Java 17.0.15+6,"
                + " Google Google Compute Engine\n"),
        out);
    assertFalse(out.contains("bench-vm-1"), out);
  }

  @Test
  void noFingerprintNoLinesAndNoSettingsSaysSo() throws IOException {
    String none = console(summary(null));
    assertFalse(none.contains("client host"), none);
    assertFalse(none.contains("settings"), none);
    SummaryJson.write(dir, summary(null), null, s -> s);
    assertNull(ResultDirectory.load(dir).summary().environment().fingerprint());

    Fingerprint.Host bare = new Fingerprint.Host(null, null, 1, null, null, null, null, null);
    String unread = console(summary(new Fingerprint(bare, Map.of())));
    assertTrue(unread.contains("\n  settings      none read\n"), unread);
    assertTrue(unread.contains("\n  client host   1 core\n"), unread);
  }

  private static List<String> iterable(java.util.Iterator<String> names) {
    List<String> list = new java.util.ArrayList<>();
    names.forEachRemaining(list::add);
    return list;
  }
}
