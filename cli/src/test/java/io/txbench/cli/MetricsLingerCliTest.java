package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once the command is over, {@code --metrics-endpoint} serves the final figures until a scrape has
 * read them ({@code --metrics-linger}): a Prometheus scraping every 15 s gets the run's last
 * counts, which are summary.json's, and the command exits as soon as it has them.
 */
class MetricsLingerCliTest {
  @TempDir Path dir;

  @Test
  void aScrapeAfterTheSummaryHasSummaryJsonsCountsAndEndsTheWait() throws Exception {
    int port = Scrapes.freePort();
    Path out = dir.resolve("linger");
    Console console =
        Console.running(
            args(out, "--metrics-endpoint", String.valueOf(port), "--metrics-linger", "10m"));
    String before =
        console.await("Serving the final metrics at http://127.0.0.1:" + port + "/metrics");
    assertTrue(before.matches("(?s).*  iterations +400 .*"), before); // the summary came first
    String text = get("http://127.0.0.1:" + port + "/metrics");
    // Ended by the scrape, not by the 10 minutes.
    assertEquals(ExitCodes.OK, console.exitCode("the scrape did not end the wait"));
    assertTrue(console.text().contains("A scrape read the final metrics."), console.text());
    Map<String, Double> scrape = Scrapes.parse(text);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    double iterations = summary.get("iterations").asDouble();
    assertEquals(400.0, iterations);
    assertTrue(Scrapes.in(scrape, "done"), text);
    assertEquals(
        iterations - summary.path("declined").asDouble(),
        Scrapes.value(scrape, "txbench_iterations_total", "committed"));
    assertEquals(iterations, Scrapes.value(scrape, "txbench_response_time_seconds_count"));
    summary
        .path("operations")
        .properties()
        .forEach(
            op ->
                assertEquals(
                    op.getValue().get("count").asDouble(),
                    Scrapes.value(
                        scrape,
                        "txbench_operation_response_time_seconds_count",
                        "operation=\"" + op.getKey() + "\""),
                    op.getKey()));
  }

  @Test
  void aBrowserThatLoadedTheLivePageIsWaitedForUntilItLoadsTheFinalReport() throws Exception {
    int port = Scrapes.freePort();
    String page = "http://127.0.0.1:" + port + "/";
    List<String> args =
        new ArrayList<>(
            List.of(
                args(
                    dir.resolve("browsed"),
                    "--live",
                    String.valueOf(port),
                    "--metrics-linger",
                    "10m")));
    // Long enough for the browser to arrive while the command runs (400 iterations are not).
    args.set(args.indexOf("--iterations") + 1, "5s");
    args.set(args.indexOf("--iterations"), "--duration");
    Console console = Console.running(args.toArray(String[]::new));
    console.await("Live page at " + page);
    get(page); // a browser arrives while the command runs
    console.await("Serving the final report at " + page);
    // As the page's script does: poll until the page is the report, then load it.
    while (!get(page + "live.json").contains("\"page\":\"report ")) {
      Thread.sleep(50);
    }
    String report = get(page);
    assertEquals(ExitCodes.OK, console.exitCode("loading the report did not end the wait"));
    assertTrue(console.text().contains("The browser loaded the final report."), console.text());
    assertFalse(report.contains("Live: the run is under way"), report);
  }

  @Test
  void aLivePageNoBrowserLoadedIsNotWaitedFor() throws Exception {
    CliRun run =
        within2Minutes(
            "it waited for a browser that never came",
            args(dir.resolve("unseen"), "--live", "0", "--metrics-linger", "10m"));
    assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
    assertFalse(run.out().contains("Serving the final report"), run.out());
  }

  private static String get(String url) throws Exception {
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void aLingerOfZeroExitsWithTheRun() {
    CliRun run =
        CliRun.of(args(dir.resolve("zero"), "--metrics-endpoint", "0", "--metrics-linger", "0s"));
    assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
    assertFalse(run.out().contains("Serving the final metrics"), run.out());
  }

  @Test
  void anAddressBeyondTheMachineIsWarnedOfWithThePortItServes() {
    CliRun run =
        CliRun.of(
            args(
                dir.resolve("beyond"),
                "--metrics-endpoint",
                "0.0.0.0:0",
                "--live",
                "0.0.0.0:0",
                "--metrics-linger",
                "0s"));
    assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
    java.util.regex.Matcher served =
        java.util.regex.Pattern.compile("Metrics at http://0\\.0\\.0\\.0:(\\d+)/metrics")
            .matcher(run.out());
    assertTrue(served.find(), run.out());
    assertTrue(
        run.err()
            .contains("WARNING: --metrics-endpoint serves on 0.0.0.0:" + served.group(1) + ","),
        run.err());
    assertTrue(run.err().contains("WARNING: --live serves on 0.0.0.0:"), run.err());
    assertFalse(run.err().contains("0.0.0.0:0,"), run.err());
  }

  @Test
  void aServerOutOfReachIsNotWaitedForAScrapeOf() throws Exception {
    int nobody = Scrapes.freePort();
    CliRun run =
        within2Minutes(
            "it waited for a scrape of nothing measured",
            "--benchmark-target",
            "http",
            "--target-url",
            "http://127.0.0.1:" + nobody + "/x",
            "--workload",
            "get",
            "--iterations",
            "10",
            "--metrics-endpoint",
            "0",
            "--metrics-linger",
            "10m",
            "--output-dir",
            dir.resolve("unreached").toString());
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.out() + run.err());
    assertFalse(run.out().contains("Serving the final metrics"), run.out());
  }

  @Test
  void aLingerOutOfRangeIsOneLineAndExitCode2() {
    CliRun run = CliRun.of(args(dir.resolve("long"), "--metrics-linger", "11m"));
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(run.err().contains("--metrics-linger"), run.err());
  }

  /**
   * The command's run once over, which must be within 2 minutes: they only turn a wait that never
   * ends into a failure that says {@code why}.
   */
  private static CliRun within2Minutes(String why, String... args) throws InterruptedException {
    AtomicReference<CliRun> done = new AtomicReference<>();
    Thread command = new Thread(() -> done.set(CliRun.of(args)));
    command.start();
    command.join(java.time.Duration.ofMinutes(2).toMillis());
    assertFalse(command.isAlive(), why);
    return java.util.Objects.requireNonNull(done.get());
  }

  private static String[] args(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                "toy",
                "--embedded",
                "--workload",
                "mix",
                "--mix",
                "point-select=3,update=1",
                "--parallelism",
                "2",
                "--iterations",
                "400",
                "--warmup",
                "0s",
                "--metrics",
                "100ms",
                "--output-dir",
                out.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** The command's console, which a test can wait on for a line. */
  private static final class Console extends OutputStream {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final AtomicInteger code = new AtomicInteger(-1);
    private final Thread command;
    private boolean closed;
    final PrintStream stream = new PrintStream(this, true, StandardCharsets.UTF_8);

    private Console(String[] args) {
      command =
          new Thread(
              () -> {
                try {
                  code.set(
                      Main.run(
                          args,
                          stream,
                          new PrintStream(
                              new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                          Map.of()));
                } finally {
                  close();
                }
              });
    }

    /** The command of {@code args}, started on a thread of its own with this as its console. */
    static Console running(String[] args) {
      Console console = new Console(args);
      console.command.start();
      return console;
    }

    /**
     * The command's exit code once it is over, which must be within 2 minutes: they only turn a
     * wait that never ends into a failure that says {@code why}.
     */
    int exitCode(String why) throws InterruptedException {
      command.join(java.time.Duration.ofMinutes(2).toMillis());
      assertFalse(command.isAlive(), why + ": " + text());
      return code.get();
    }

    @Override
    public synchronized void write(int b) {
      bytes.write(b);
      notifyAll();
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      bytes.write(b, off, len);
      notifyAll();
    }

    synchronized String text() {
      return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The command is over: nothing more comes. */
    @Override
    public synchronized void close() {
      closed = true;
      notifyAll();
    }

    /** What was printed once it holds {@code line}; fails if the command ended without it. */
    synchronized String await(String line) throws InterruptedException {
      while (!text().contains(line) && !closed) {
        wait();
      }
      assertTrue(text().contains(line), text());
      return text();
    }
  }
}
