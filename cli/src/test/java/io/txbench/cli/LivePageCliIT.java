package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.txbench.http.FaultServer;
import io.txbench.report.html.HeadlessChromium;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --live} in a real headless Chromium while a run goes: the page draws every chart with no
 * word on the console, its script polls the server and redraws in place, and a later visit draws a
 * later period. Skipped where Chromium is not installed (.ci/run installs it).
 */
@Tag("long")
class LivePageCliIT {
  private static final Pattern VERSION = Pattern.compile("data-live-version=\"(\\d+)\"");
  private static final Pattern SERVED = Pattern.compile("\"version\":(\\d+)");

  @TempDir Path dir;

  @Test
  void theLivePageDrawsTheRunAndRedrawsAsItGoes() throws Exception {
    HeadlessChromium found = HeadlessChromium.find(dir);
    assumeTrue(found != null, "no Chromium on this machine");
    HeadlessChromium chromium = java.util.Objects.requireNonNull(found);
    int port = Scrapes.freePort();
    URI page = URI.create("http://127.0.0.1:" + port + "/");
    try (FaultServer server = FaultServer.start(n -> FaultServer.ok())) {
      AtomicReference<CliRun> done = new AtomicReference<>();
      Thread command =
          new Thread(
              () ->
                  done.set(
                      CliRun.of(
                          Scrapes.httpGet(
                              server,
                              "--table-size",
                              "100",
                              "--parallelism",
                              "2",
                              // A paced run of 60 s: an unpaced one took both cores from the
                              // browser, whose visits on a loaded machine then outlasted the run
                              // (the page met the run's end and reloaded as its report).
                              "--rate",
                              "300",
                              "--duration",
                              "60s",
                              "--warmup",
                              "0",
                              "--metrics",
                              "500ms",
                              "--live",
                              String.valueOf(port),
                              "--output-dir",
                              dir.resolve("run").toString()))));
      command.start();
      // Every chart over time needs 5 periods (or samples): until then it is words, and a later
      // visit would draw more charts than this one for no fault of the page's.
      int first = servedVersionAtLeast(page, 2, command, body -> !body.contains("Too few"));
      HeadlessChromium.Visit visit = drawn(chromium, page, command);
      int drawn = drawnVersion(visit);
      assertTrue(drawn >= first, "the page drew version " + drawn + ", the server had " + first);
      assertTrue(visit.console().isEmpty(), visit.console().toString());
      int charts = expectedCharts(visit);
      assertTrue(charts >= 3, "charts: " + charts);
      assertTrue(elsewhere(visit, page, charts).isEmpty(), visit.problems(charts).toString());
      assertTrue(visit.dom().contains("Live: the run is under way"), "no live status");
      int later = servedVersionAtLeast(page, drawn + 2, command, body -> true);
      HeadlessChromium.Visit again = drawn(chromium, page, command);
      assertTrue(drawnVersion(again) >= later, "no later period drawn");
      // A chart whose samples reached 5 between the visits is drawn now too: never fewer.
      int chartsAgain = expectedCharts(again);
      assertTrue(chartsAgain >= charts, "charts: " + charts + ", then " + chartsAgain);
      assertTrue(
          elsewhere(again, page, chartsAgain).isEmpty(), again.problems(chartsAgain).toString());
      // The run ends: the page becomes the offline report, and the command waits for the browser
      // that watched the run to load it.
      HeadlessChromium.Visit last = chromium.visit(reportOnceShown(page, command), 3000);
      assertFalse(last.dom().contains("Live: the run is under way"), "not the report");
      assertTrue(last.dom().contains("data-charts-expected"), "the report's script did not run");
      command.join();
      CliRun run = java.util.Objects.requireNonNull(done.get(), "the command ended");
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains("Live page at " + page), run.out());
      assertTrue(run.out().contains("The browser loaded the final report."), run.out());
    }
  }

  /**
   * What is wrong with {@code visit} of a page that should draw {@code charts} charts, but its
   * requests to the server that serves it ({@code page}): the live page's own polls.
   */
  private static java.util.List<String> elsewhere(
      HeadlessChromium.Visit visit, URI page, int charts) {
    return visit.problems(charts).stream()
        .filter(p -> !p.startsWith("request sent: " + page))
        .toList();
  }

  /** How many charts the page's script says it draws, from the body's mark. */
  private static int expectedCharts(HeadlessChromium.Visit visit) {
    Matcher expected = Pattern.compile("data-charts-expected=\"(\\d+)\"").matcher(visit.dom());
    assertTrue(expected.find(), "the report's script did not run");
    return Integer.parseInt(expected.group(1));
  }

  /**
   * A visit of {@code page} by {@code chromium} in which its script drew a version: on a busy
   * machine (the long tier's other classes starting and killing servers beside it, on 2 cores) the
   * page's first poll can still be under way when the visit's time is up, so a visit that drew none
   * is made again, with twice the time up to 12 s, for as long as the command runs.
   */
  private static HeadlessChromium.Visit drawn(HeadlessChromium chromium, URI page, Thread command)
      throws Exception {
    int millis = 3000;
    HeadlessChromium.Visit visit = chromium.visit(page, millis);
    while (!VERSION.matcher(visit.dom()).find() && command.isAlive()) {
      millis = Math.min(2 * millis, 12_000);
      visit = chromium.visit(page, millis);
    }
    return visit;
  }

  /** The version the page's script drew last (its poll's), from the body's mark. */
  private static int drawnVersion(HeadlessChromium.Visit visit) {
    Matcher m = VERSION.matcher(visit.dom());
    assertTrue(
        m.find(),
        () ->
            "the live script drew nothing; console "
                + visit.console()
                + ", requests "
                + visit.requests()
                + ", status "
                + status(visit.dom())
                + (visit.dom().contains("Live: the run is under way")
                    ? ""
                    : ", and the page is no longer the live run's"));
    return Integer.parseInt(m.group(1));
  }

  /** The live status line the page shows, for a failure's message. */
  private static String status(String dom) {
    Matcher m = Pattern.compile("id=\"live\"[^>]*>([^<]*)<").matcher(dom);
    return m.find() ? m.group(1) : "(none)";
  }

  /** {@code page} once it serves the run's report, as the page's own poll finds it. */
  private static URI reportOnceShown(URI page, Thread command) throws Exception {
    servedVersionAtLeast(page, 0, command, body -> body.contains("\"page\":\"report "));
    return page;
  }

  /**
   * The version the server serves once it is {@code least} or more and its body is {@code ready}.
   */
  private static int servedVersionAtLeast(
      URI page, int least, Thread command, java.util.function.Predicate<String> ready)
      throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest poll = HttpRequest.newBuilder(page.resolve("live.json")).build();
    while (command.isAlive()) {
      try {
        String body = client.send(poll, HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = SERVED.matcher(body);
        if (m.find() && Integer.parseInt(m.group(1)) >= least && ready.test(body)) {
          return Integer.parseInt(m.group(1));
        }
      } catch (java.io.IOException e) {
        // not serving yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the run ended before the live page served version " + least);
  }
}
