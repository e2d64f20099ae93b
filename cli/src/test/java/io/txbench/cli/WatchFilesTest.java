package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The compose profile "watch": its Prometheus configuration passes {@code promtool check config}
 * (skipped where Debian's prometheus package is not installed; .ci/run installs it), and the
 * Grafana dashboard is JSON whose every panel queries txbench's metrics. That each metric it names
 * is one the endpoint really serves is checked against a real scrape ({@link
 * MetricsEndpointCliIT}).
 */
class WatchFilesTest {
  static final Path DOCKER = Path.of("..", "docker").toAbsolutePath().normalize();
  static final Path DASHBOARD = DOCKER.resolve("grafana/dashboards/txbench.json");
  private static final Pattern METRIC = Pattern.compile("\\btxbench_[a-z_]+");

  @Test
  void thePrometheusConfigurationPassesPromtool() throws Exception {
    assumeTrue(
        Stream.of(System.getenv("PATH").split(":"))
            .anyMatch(d -> Files.isExecutable(Path.of(d, "promtool"))),
        "promtool is not installed (package prometheus)");
    RunnerScript.Outcome outcome =
        RunnerScript.run(
            java.util.Map.of(),
            60,
            "promtool",
            "check",
            "config",
            DOCKER.resolve("prometheus/prometheus.yml").toString());
    assertEquals(0, outcome.code(), outcome.printed());
  }

  @Test
  void everyPanelOfTheDashboardQueriesTxbenchsMetrics() throws Exception {
    Set<String> metrics = dashboardMetrics();
    assertTrue(metrics.contains("txbench_iterations_total"), metrics.toString());
    assertTrue(metrics.contains("txbench_response_time_seconds_bucket"), metrics.toString());
    assertTrue(metrics.contains("txbench_phase"), metrics.toString());
  }

  /** The metrics the dashboard's queries name; every panel has a query, each names one. */
  static Set<String> dashboardMetrics() throws Exception {
    JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
    Set<String> metrics = new TreeSet<>();
    assertFalse(dashboard.path("panels").isEmpty());
    for (JsonNode panel : dashboard.path("panels")) {
      String title = panel.path("title").asText();
      assertFalse(panel.path("targets").isEmpty(), title + " has no query");
      for (JsonNode target : panel.path("targets")) {
        Matcher m = METRIC.matcher(target.path("expr").asText());
        assertTrue(m.find(), title + ": its query names no txbench metric");
        do {
          metrics.add(m.group());
        } while (m.find());
      }
    }
    return metrics;
  }
}
