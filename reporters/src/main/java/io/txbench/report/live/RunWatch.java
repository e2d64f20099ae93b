package io.txbench.report.live;

import io.txbench.core.spi.values.Durations;
import io.txbench.report.RunRecorder;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What a process's runs show while they go, for {@code --metrics-endpoint} and {@code --live}: the
 * phase, the run under way, and the endpoints that serve them, started once for the whole command
 * (a sweep's runs follow one another on them). Every run is followed through {@link #follow}; a
 * run's steps set the phase, the command's setup and end set theirs. Once the command is over, the
 * endpoint {@link #linger lingers} until a scrape has read its final figures (a Prometheus that
 * scrapes every 15 s would miss them if the process exited with its last run), and the live page
 * until the browser that watched the run has loaded its final report.
 */
public final class RunWatch implements AutoCloseable {
  /** How long the metrics endpoint waits at most for a scrape of the final figures by default. */
  public static final String DEFAULT_LINGER = "PT30S";

  private final PrintStream out;
  private final PrintStream err;
  private volatile Phase phase = Phase.SETUP;
  private volatile WatchedRun current = new WatchedRun(WatchedRun.Labels.NONE);
  private @Nullable MetricsEndpoint endpoint;
  private @Nullable LivePage live;
  private volatile boolean stopped;
  private String metricsUrl = "";
  private String liveUrl = "";

  private RunWatch(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Nothing served: every run is followed at no cost. */
  public static RunWatch none(PrintStream err) {
    return new RunWatch(err, err);
  }

  /**
   * The endpoints asked for ({@code metrics}, {@code live}; null: not asked), each started now or
   * said, in one line on {@code err}, not to be: a run never ends for want of one. Serving beyond
   * the machine is warned of.
   */
  public static RunWatch start(
      @Nullable ListenAddress metrics,
      @Nullable ListenAddress live,
      PrintStream out,
      PrintStream err) {
    RunWatch watch = new RunWatch(out, err);
    if (metrics != null) {
      watch.endpoint = MetricsEndpoint.start(metrics, watch, err).orElse(null);
      if (watch.endpoint != null) {
        watch.metricsUrl =
            watch.serving(
                "Metrics", "--metrics-endpoint", metrics, watch.endpoint.port(), "metrics");
      }
    }
    if (live != null) {
      watch.live = LivePage.start(live, err).orElse(null);
      if (watch.live != null) {
        watch.liveUrl = watch.serving("Live page", "--live", live, watch.live.port(), "");
      }
    }
    return watch;
  }

  /**
   * {@code what} served on {@code port} of {@code at}'s host, at {@code path}: its URL, said on
   * {@code out} ("http://127.0.0.1:9400/metrics": where to point a browser or a scraper), and a
   * warning when it serves beyond the machine.
   */
  private String serving(String what, String option, ListenAddress at, int port, String path) {
    ListenAddress bound = new ListenAddress(at.host(), port);
    // The host and port as the user would type them, the loopback address named when none was.
    String url = "http://" + (at.host().isEmpty() ? "127.0.0.1:" + port : bound) + "/" + path;
    out.println(what + " at " + url);
    if (bound.beyondLoopback()) {
      err.println(
          "WARNING: "
              + option
              + " serves on "
              + bound
              + ", beyond this machine: anyone who reaches it sees the run's figures.");
    }
    return url;
  }

  public Phase phase() {
    return phase;
  }

  /** The phase, as a scrape reads it: one that reads it once the command is over ends a linger. */
  Phase scrapedPhase() {
    MetricsEndpoint e = endpoint;
    if (e != null) {
      e.scraping();
    }
    return phase;
  }

  void phase(Phase now) {
    phase = now;
  }

  /** The data is being set up (loaded, grown, attached). */
  public void settingUp() {
    phase = Phase.SETUP;
  }

  WatchedRun current() {
    return current;
  }

  /**
   * Follows the run {@code recorder} records, labelled {@code labels}, its result files in {@code
   * directory} (null: none, and no live page of it): the steps to hand the benchmark.
   */
  public WatchedSteps follow(
      RunRecorder recorder, WatchedRun.Labels labels, @Nullable Path directory) {
    WatchedRun run = new WatchedRun(labels);
    current = run;
    return new WatchedSteps(this, recorder, run, directory == null ? null : live, directory, err);
  }

  /**
   * The command is over, its results written: the metrics endpoint, if it serves, keeps serving the
   * final figures until a scrape has read them, and the live page, if a browser loaded it, until
   * that browser has loaded the final report; {@code most} at most for both (zero: not at all),
   * each said; {@link #stopLingering} ends the wait at once.
   */
  public void linger(Duration most) throws InterruptedException {
    phase = Phase.DONE;
    if (most.isZero() || stopped || current.metrics() == null) {
      return; // nothing measured (a server out of reach): no figures to wait for
    }
    long deadline = System.nanoTime() + most.toNanos();
    String time = Durations.text(most);
    MetricsEndpoint e = endpoint;
    if (e != null) {
      out.println(
          "Serving the final metrics at "
              + metricsUrl
              + " until a scrape reads them, "
              + time
              + " at most.");
      said(e.linger(most), "A scrape read the final metrics.", "a scrape", "No scrape in " + time);
    }
    LivePage page = live;
    if (page != null && page.browsed()) {
      out.println(
          "Serving the final report at "
              + liveUrl
              + " until the browser that watched the run loads it, "
              + time
              + " at most.");
      said(
          page.linger(Duration.ofNanos(Math.max(0, deadline - System.nanoTime()))),
          "The browser loaded the final report.",
          "the browser",
          "No browser loaded the final report in " + time);
    }
  }

  /** How a linger for {@code whom} ended: {@code read}, stopped, or {@code notRead}. */
  private void said(boolean read, String wasRead, String whom, String notRead) {
    out.println(read ? wasRead : stopped ? "Stopped waiting for " + whom + "." : notRead + ".");
  }

  /** Ends a linger at once, and any to come: the process was told to stop (Ctrl-C, SIGTERM). */
  public void stopLingering() {
    stopped = true;
    MetricsEndpoint e = endpoint;
    if (e != null) {
      e.stopLingering();
    }
    LivePage page = live;
    if (page != null) {
      page.stopLingering();
    }
  }

  /** Stops serving. */
  @Override
  public void close() {
    phase = Phase.DONE;
    if (endpoint != null) {
      endpoint.close();
    }
    if (live != null) {
      live.close();
    }
  }
}
