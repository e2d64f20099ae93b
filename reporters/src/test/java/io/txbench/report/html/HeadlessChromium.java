package io.txbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Debian's {@code chromium}, headless, opening a page as a person would: what its DOM is once its
 * scripts ran, every message it wrote to the console (errors, warnings, Content-Security-Policy
 * violations), and every request it sent to the network (from Chromium's own network log, so a
 * request is seen whether or not the page's policy lets it through). The browser's own background
 * requests (updates, accounts: no origin) are not the page's; none of them leaves the machine, as
 * every host name resolves to nothing.
 */
public final class HeadlessChromium {
  private final String binary;
  private final Path work;

  private HeadlessChromium(String binary, Path work) {
    this.binary = binary;
    this.work = work;
  }

  /** The Chromium of this machine, or null where there is none. */
  public static @Nullable HeadlessChromium find(Path work) {
    for (String candidate :
        List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return new HeadlessChromium(candidate, work);
      }
    }
    return null;
  }

  /** The width of the window a page is visited in: a laptop's screen. */
  public static final int VIEWPORT = 1400;

  /** What a visit of a page saw. */
  public record Visit(String dom, List<String> console, List<String> requests) {
    /**
     * What is wrong with this visit of a txbench page that should draw {@code charts} charts: a
     * console message, a request sent, a chart without a canvas or that did not draw (by the pages'
     * own marks: data-drawn on each chart, data-charts-expected and data-charts-drawn on the body),
     * a chart that says it could not be drawn.
     */
    public List<String> problems(int charts) {
      List<String> problems = new ArrayList<>();
      console.forEach(m -> problems.add("console: " + m));
      requests.forEach(u -> problems.add("request sent: " + u));
      int canvases = count("<canvas");
      int drawn = count("data-drawn=\"true\"");
      if (canvases != charts || drawn != charts) {
        problems.add(charts + " charts expected, " + canvases + " canvases, " + drawn + " drawn");
      }
      if (!dom.contains("data-charts-expected=\"" + charts + "\"")
          || !dom.contains("data-charts-drawn=\"" + charts + "\"")) {
        problems.add("the script did not say it drew " + charts + " charts");
      }
      if (dom.contains("class=\"error\"")) {
        problems.add("a chart says it could not be drawn");
      }
      return problems;
    }

    private int count(String what) {
      return dom.split(Pattern.quote(what), -1).length - 1;
    }
  }

  /**
   * Opens {@code html} in a window {@link #VIEWPORT} px wide and reads its DOM after its scripts
   * ran.
   */
  public Visit visit(Path html) throws IOException, InterruptedException {
    return visit(html, VIEWPORT, 1000);
  }

  /** The same in a window {@code width} pixels wide and {@code height} high. */
  public Visit visit(Path html, int width, int height) throws IOException, InterruptedException {
    return visit(html, List.of("--window-size=" + width + "," + height));
  }

  private Visit visit(Path html, List<String> window) throws IOException, InterruptedException {
    return visit(html.toUri().toString(), window);
  }

  /**
   * Opens {@code page}, a page served over HTTP (txbench --live), and reads its DOM once its
   * scripts had {@code millis} ms of the page's own time (Chromium's virtual time: timers run at
   * once, requests take the time they take) to poll the server and redraw.
   */
  public Visit visit(java.net.URI page, int millis) throws IOException, InterruptedException {
    return visit(
        page.toString(),
        List.of("--window-size=" + VIEWPORT + ",1000", "--virtual-time-budget=" + millis));
  }

  /** A picture of {@code page}, served over HTTP, once its scripts had {@code millis} ms. */
  public void screenshot(java.net.URI page, Path png, int millis)
      throws IOException, InterruptedException {
    run(
        Files.createTempFile(work, "stderr", ".txt"),
        "--hide-scrollbars",
        "--window-size=" + VIEWPORT + ",1000",
        "--virtual-time-budget=" + millis,
        "--screenshot=" + png.toAbsolutePath(),
        page.toString());
  }

  private Visit visit(String url, List<String> window) throws IOException, InterruptedException {
    Path netLog = Files.createTempFile(work, "netlog", ".json");
    Path stderr = Files.createTempFile(work, "stderr", ".txt");
    List<String> args = new ArrayList<>(window);
    args.addAll(
        List.of("--enable-logging=stderr", "--v=0", "--log-net-log=" + netLog, "--dump-dom", url));
    String dom = run(stderr, args.toArray(String[]::new));
    List<String> console =
        Files.readAllLines(stderr).stream().filter(l -> l.contains(":CONSOLE")).toList();
    return new Visit(dom, console, pageRequests(netLog));
  }

  /** A picture of {@code html} {@code width} pixels wide and {@code height} high. */
  public void screenshot(Path html, Path png, int width, int height)
      throws IOException, InterruptedException {
    run(
        Files.createTempFile(work, "stderr", ".txt"),
        "--hide-scrollbars",
        "--window-size=" + width + "," + height,
        "--screenshot=" + png.toAbsolutePath(),
        html.toUri().toString());
  }

  private String run(Path stderr, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                // No host is looked up (this machine's closed network refuses them), but the
                // loopback address a served page (txbench --live) comes from.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--user-data-dir=" + Files.createTempDirectory(work, "profile")));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("chromium did not finish in 120 s");
    }
    return out;
  }

  /**
   * The URLs of the requests a page sent, from a Chromium network log: every request job started
   * (its end has no URL) but the browser's own, which have no origin.
   */
  static List<String> pageRequests(Path netLog) throws IOException {
    JsonNode log = new ObjectMapper().readTree(netLog.toFile());
    int startJob =
        log.path("constants").path("logEventTypes").path("URL_REQUEST_START_JOB").asInt(-1);
    if (startJob < 0) {
      throw new IllegalStateException(netLog + " is no network log of Chromium's");
    }
    List<String> urls = new ArrayList<>();
    for (JsonNode event : log.path("events")) {
      JsonNode params = event.path("params");
      if (event.path("type").asInt() == startJob
          && params.has("url")
          && !params.path("initiator").asText().equals("not an origin")) {
        urls.add(params.path("url").asText());
      }
    }
    return urls;
  }
}
