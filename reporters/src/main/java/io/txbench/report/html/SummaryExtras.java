package io.txbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What a run's summary.json says of its telemetry, for the report: the server's count of commits
 * beside txbench's ({@code serverCommits}, "" when the summary has none) and the warning of its
 * sampler ({@code telemetry.warning}, "" for none). Read from the file's JSON, as summaries of
 * versions before telemetry lack both.
 */
record SummaryExtras(String commits, String telemetryWarning) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Nothing said: a run under way has no summary.json yet ({@code txbench --live}). */
  static SummaryExtras read(Path runDirectory) throws IOException {
    Path file = runDirectory.resolve(SummaryJson.FILE);
    if (!java.nio.file.Files.exists(file)) {
      return new SummaryExtras("", "");
    }
    JsonNode summary = JSON.readTree(file.toFile());
    return new SummaryExtras(
        commits(summary.path("serverCommits")),
        summary.path("telemetry").path("warning").asText(""));
  }

  /** "98,017 (txbench counted 98,017)", or "" when the summary has no number of the server's. */
  private static String commits(JsonNode commits) {
    if (!commits.path("server").isIntegralNumber()) {
      return "";
    }
    String server = String.format(Locale.US, "%,d", commits.path("server").asLong());
    if (!commits.path("counted").isIntegralNumber()) {
      return server;
    }
    long counted = commits.path("counted").asLong();
    return server
        + (counted == commits.path("server").asLong()
            ? " (agrees)"
            : String.format(Locale.US, " (txbench counted %,d)", counted));
  }
}
