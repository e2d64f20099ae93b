package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scrapes of a metrics endpoint taken while a command line ran in this JVM, as fast as the
 * endpoint answers: each a map of series ({@code name{labels}}, as the text format writes it) to
 * value. Prometheus' text format, read by a pattern: the client library writes it, none reads it.
 */
record Scrapes(List<Map<String, Double>> taken) {
  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{[^}]*\\})?) (\\S+)$");

  /** The command line of a run of {@code get} on {@code server}, then {@code more}. */
  static String[] httpGet(io.txbench.http.FaultServer server, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                "http",
                "--target-url",
                server.url("/item/{key}"),
                "--workload",
                "get"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** A port free now, for the endpoint. */
  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** A command line run in this JVM, and the scrapes taken while it ran. */
  record OfCommand(CliRun run, Scrapes scrapes) {}

  /** Runs {@code args} with the endpoint on {@code port}, scraping it until the command ends. */
  static OfCommand during(int port, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--metrics-endpoint", String.valueOf(port)));
    AtomicReference<CliRun> done = new AtomicReference<>();
    Thread command =
        new Thread(() -> done.set(CliRun.of(all.toArray(String[]::new))), "command-under-test");
    command.start();
    Scrapes taken = whileAlive(command, port);
    return new OfCommand(java.util.Objects.requireNonNull(done.get(), "the command ended"), taken);
  }

  /** Scrapes the endpoint on {@code port} as fast as it answers until {@code command} ends. */
  static Scrapes whileAlive(Thread command, int port) throws Exception {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
            .timeout(Duration.ofSeconds(2))
            .build();
    List<Map<String, Double>> taken = new ArrayList<>();
    while (command.isAlive()) {
      try {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          taken.add(parse(response.body()));
        }
      } catch (IOException e) {
        Thread.sleep(5); // not up yet, or gone
      }
    }
    command.join();
    return new Scrapes(taken);
  }

  /**
   * Checks the scrapes of the run whose result files are in {@code out}, its series labelled {@code
   * runId}: one was taken while it went, its counters only grew, and the last, taken once the run
   * was over, has summary.json's counts; that last scrape.
   */
  Map<String, Double> agreeWith(Path out, String runId) throws IOException {
    assertTrue(
        taken.stream()
            .anyMatch(
                s ->
                    Scrapes.in(s, "measured")
                        && Scrapes.value(s, "txbench_iterations_total", "committed", runId) > 0),
        "no scrape while the run went");
    growsOnly(runId);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    Map<String, Double> last = last();
    long iterations = summary.get("iterations").asLong();
    long declined = summary.path("declined").asLong();
    assertEquals(
        iterations - declined, count(last, "txbench_iterations_total", runId, "committed"));
    assertEquals(declined, count(last, "txbench_iterations_total", runId, "\"declined\""));
    assertEquals(
        summary.get("errors").asLong(), count(last, "txbench_iterations_total", runId, "failed"));
    assertEquals(
        summary.path("inDoubt").asLong(),
        count(last, "txbench_iterations_total", runId, "in_doubt"));
    assertEquals(iterations, count(last, "txbench_response_time_seconds_count", runId));
    summary
        .path("errorsByClass")
        .properties()
        .forEach(
            e ->
                assertEquals(
                    e.getValue().asLong(),
                    count(last, "txbench_errors_total", runId, "\"" + e.getKey() + "\"")));
    summary
        .path("retriesByClass")
        .properties()
        .forEach(
            e ->
                assertEquals(
                    e.getValue().asLong(),
                    count(last, "txbench_retries_total", runId, "\"" + e.getKey() + "\"")));
    JsonNode queries = summary.path("queries");
    if (queries.isObject()) {
      assertEquals(
          queries.get("reads").asLong(),
          count(last, "txbench_statements_total", runId, "\"read\""));
      assertEquals(
          queries.get("writes").asLong(),
          count(last, "txbench_statements_total", runId, "\"write\""));
    }
    summary
        .path("operations")
        .properties()
        .forEach(
            op -> {
              String operation = "operation=\"" + op.getKey() + "\"";
              long completed =
                  count(last, "txbench_operation_iterations_total", runId, operation, "committed")
                      + count(
                          last,
                          "txbench_operation_iterations_total",
                          runId,
                          operation,
                          "\"declined\"");
              assertEquals(op.getValue().get("count").asLong(), completed, op.getKey());
              assertEquals(
                  op.getValue().get("count").asLong(),
                  count(last, "txbench_operation_response_time_seconds_count", runId, operation),
                  op.getKey());
              assertEquals(
                  op.getValue().get("errors").asLong(),
                  count(last, "txbench_operation_iterations_total", runId, operation, "failed"));
            });
    assertTrue(count(last, "txbench_client_cpu_seconds_total", runId) >= 0);
    return last;
  }

  /** Every counter of the run's is never less than in the scrape before. */
  private void growsOnly(String runId) {
    Map<String, Double> before = Map.of();
    for (Map<String, Double> scrape : taken) {
      for (Map.Entry<String, Double> e : scrape.entrySet()) {
        Double was = before.get(e.getKey());
        if (e.getKey().contains("_total") && e.getKey().contains(runId) && was != null) {
          assertTrue(e.getValue() >= was, e.getKey() + " fell from " + was + " to " + e.getValue());
        }
      }
      before = scrape;
    }
  }

  private static long count(Map<String, Double> scrape, String name, String... labels) {
    double v = value(scrape, name, labels);
    if (Double.isNaN(v)) {
      throw new AssertionError("no " + name + " " + List.of(labels) + " in " + scrape.keySet());
    }
    return Math.round(v);
  }

  static Map<String, Double> parse(String text) {
    Map<String, Double> series = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (!line.startsWith("#") && m.matches()) {
        series.put(m.group(1), Double.parseDouble(m.group(2)));
      }
    }
    return series;
  }

  /**
   * The value of the series named {@code name} whose labels include every one of {@code labels}.
   */
  static double value(Map<String, Double> scrape, String name, String... labels) {
    double found = Double.NaN;
    for (Map.Entry<String, Double> e : scrape.entrySet()) {
      String key = e.getKey();
      if (!key.startsWith(name + "{") && !key.equals(name)) {
        continue;
      }
      boolean all = true;
      for (String label : labels) {
        all &= key.contains(label);
      }
      if (all) {
        if (!Double.isNaN(found)) {
          throw new AssertionError("more than one series " + name + " " + List.of(labels));
        }
        found = e.getValue();
      }
    }
    return found;
  }

  /** Whether {@code scrape} was taken in {@code phase}. */
  static boolean in(Map<String, Double> scrape, String phase) {
    return value(scrape, "txbench_phase", "phase=\"" + phase + "\"") == 1.0;
  }

  /** The last scrape taken once the run's counts were final (verify, or done), or null. */
  Map<String, Double> last() {
    for (int i = taken.size() - 1; i >= 0; i--) {
      if (in(taken.get(i), "verify") || in(taken.get(i), "done")) {
        return taken.get(i);
      }
    }
    throw new AssertionError("no scrape after the run (" + taken.size() + " taken)");
  }
}
