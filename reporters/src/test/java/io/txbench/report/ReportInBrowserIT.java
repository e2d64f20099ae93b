package io.txbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a person sees it: opened by a real headless Chromium (Debian's {@code chromium}),
 * with every chart drawn. Skipped where no Chromium is installed.
 */
class ReportInBrowserIT {
  @TempDir Path dir;

  private static String chromium() {
    for (String candidate :
        List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    return null;
  }

  private String browse(String chromium, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(dir, "profile")));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
    return out;
  }

  @Test
  void chromiumRendersTheReportWithEveryChart() throws Exception {
    String chromium = chromium();
    assumeTrue(chromium != null, "no Chromium on this machine");
    List<ResultDirectory> runs =
        List.of(
            ResultDirectory.load(
                FakeRuns.write(dir.resolve("pg-8"), "postgres", 1_000_000, 10, 500, 2)),
            ResultDirectory.load(
                FakeRuns.write(dir.resolve("pg-32"), "postgres", 1_000_000, 10, 900, 6)));
    Path html = dir.resolve("report.html");
    HtmlReport.write(runs, html);

    String dom = browse(chromium, "--dump-dom", html.toUri().toString());
    Matcher svgs = Pattern.compile("<svg[^>]*>(.*?)</svg>", Pattern.DOTALL).matcher(dom);
    int charts = 0;
    while (svgs.find()) {
      charts++;
      // A drawn chart has its axes, legend and series as many path and line elements.
      int shapes = svgs.group(1).split("<(path|line)", -1).length - 1;
      assertTrue(shapes > 20, "chart " + charts + " has " + shapes + " shapes");
    }
    assertEquals(4, charts, "charts in the rendered page");
    assertTrue(dom.contains("pg-32"), "the table is rendered");

    Path png = dir.resolve("report.png");
    browse(chromium, "--window-size=1000,2400", "--screenshot=" + png, html.toUri().toString());
    assertTrue(Files.size(png) > 50_000, "screenshot of " + Files.size(png) + " bytes");
  }
}
