package io.txbench.report;

import io.txbench.core.engine.CompositeListener;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.run.MeasurementOutcome;
import io.txbench.core.run.Setup;
import io.txbench.core.run.StepListener;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.Threshold;
import io.txbench.core.thresholds.ThresholdVerdict;
import io.txbench.report.console.ConsoleSummary;
import io.txbench.report.console.ProgressLine;
import io.txbench.report.console.StartCountdown;
import io.txbench.report.console.VerdictText;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.ResultFileWriters;
import io.txbench.report.files.ResultFiles;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import io.txbench.report.files.WarmUpPeriods;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What one measured run shows and keeps, for the command line and the Java API alike: its progress
 * lines and summary on the console when there is one, its result files and summary.json in its
 * directory when it has one (written before verify, so that a verify that fails or hangs loses
 * nothing, and replaced, whole, once verify and the thresholds have their verdicts), and a write
 * that failed, once, in the summary's record.
 */
public final class RunRecorder implements StepListener {
  private final Subject subject;
  private final Display display;
  private final List<String> declined = new ArrayList<>();
  private @Nullable CompositeListener listeners;
  private @Nullable RunSummary summary;
  private @Nullable Duration period; // the measured run's reporting period, once it starts
  private boolean warmUpStarted;
  private @Nullable WarmUp warmedUp; // once a warm-up is over
  private final WarmUpPeriods warmUpPeriods = new WarmUpPeriods(); // its ramp, for warmup.csv

  /**
   * What a run's summary records beside its result: where it ran and what ({@code site}), at which
   * {@code parallelism} after which {@code warmup}, with which {@code options} as summary.json
   * shows them and the roles of those that have one ({@code optionRoles}, by name), the {@code
   * directory} its files go to (null: none are written), what the {@code setup} before it did (null
   * when it is not recorded, or the run used data loaded before), the {@code thresholds} held
   * against it after verify, and what the system under test costs an hour ({@code cost}, null when
   * no price was given), which prices the run.
   */
  public record Subject(
      SystemUnderTest site,
      int parallelism,
      Duration warmup,
      Map<String, Object> options,
      Map<String, OptionRole> optionRoles,
      @Nullable Path directory,
      @Nullable Setup setup,
      List<Threshold> thresholds,
      @Nullable HourlyCost cost) {}

  /**
   * How a run is shown: {@code console} takes its progress and summary (null: nothing is printed);
   * {@code errors} takes a failed write, in one line (null: it is only recorded); {@code mask}
   * hides the credentials in every text from outside, printed or written; {@code warmupLine} is
   * what is said before the warm-up (null: nothing); {@code announcement} is a listener told first
   * of the measured run (null: none); {@code reporters} are listeners told last, after the file
   * writers.
   */
  public record Display(
      @Nullable PrintStream console,
      @Nullable PrintStream errors,
      UnaryOperator<String> mask,
      @Nullable Function<Duration, String> warmupLine,
      @Nullable Function<RunOptions, RunListener> announcement,
      Function<Metrics, List<RunListener>> reporters) {}

  public RunRecorder(Subject subject, Display display) {
    this.subject = subject;
    this.display = display;
  }

  @Override
  public RunListener warmingUp(Duration length) {
    if (subject.directory() != null) {
      // Jackson learns the summary's shape in 0.6 s of a cold JVM: while the warm-up runs, not
      // between its end and the window, where the wall time of every run would wait for it.
      Thread preparing = new Thread(SummaryFile::prepare, "txbench-prepare-summary");
      preparing.setDaemon(true);
      preparing.start();
    }
    PrintStream console = display.console();
    RunListener progress =
        console == null ? new RunListener() {} : new ProgressLine(console, "warm-up");
    // Said as the warm-up starts, once its sessions are open and any wait for the start is over.
    return new RunListener() {
      @Override
      public void onStart(long startMillis, int threads) {
        warmUpStarted = true;
        if (console != null && display.warmupLine() != null) {
          console.println(display.warmupLine().apply(length));
        }
      }

      @Override
      public void onInterval(IntervalStats stats) {
        progress.onInterval(stats);
        warmUpPeriods.onInterval(stats);
      }
    };
  }

  /** Keeps the warm-up's length for the summary, and says how one that settles ended. */
  @Override
  public void warmedUp(Duration length, Optional<String> verdict) {
    warmedUp = new WarmUp(length, verdict.orElse(null));
    PrintStream console = display.console();
    if (console != null && verdict.isPresent()) {
      console.printf(
          java.util.Locale.ROOT,
          "Warm-up over after %.1f s (%s).%n",
          length.toNanos() / 1e9,
          verdict.get());
    }
  }

  @Override
  public void waitingForStart(Instant at, Duration left) {
    new StartCountdown(display.console(), display.errors()).waitingForStart(at, left);
  }

  @Override
  public void startingLate(Instant at, Duration late) {
    new StartCountdown(display.console(), display.errors()).startingLate(at, late);
  }

  /**
   * Whether the warm-up started: one stopped before was stopped while its sessions opened or while
   * it waited for its start.
   */
  public boolean warmUpStarted() {
    return warmUpStarted;
  }

  /** A pause of several seconds on the console is said, or it looks like a hang. */
  @Override
  public void settling(Duration length) {
    if (display.console() != null) {
      display
          .console()
          .printf(
              java.util.Locale.US,
              "Waiting %.1f s for the server to publish its count of commits (the commit"
                  + " check; --no-commit-check skips it).%n",
              length.toMillis() / 1000.0);
    }
  }

  @Override
  public Optional<RunListener> measuring(RunOptions run, Metrics metrics) {
    // Called after the warm-up: a run stopped in it leaves its directory without a run's files.
    period = run.metricsPeriod();
    List<RunListener> all = new ArrayList<>();
    if (display.announcement() != null) {
      all.add(display.announcement().apply(run));
    }
    if (display.console() != null) {
      all.add(new ProgressLine(display.console(), ""));
    }
    Path directory = subject.directory();
    if (directory != null) {
      SummaryFile.prepare(); // not in a stop's few seconds
      try {
        warmUpPeriods.write(directory);
        all.addAll(ResultFileWriters.of(metrics, directory, run));
      } catch (IOException e) {
        declined.add("cannot write results to " + directory + ": " + ResultFiles.reason(e));
        say(declined.get(0));
        return Optional.empty();
      }
    }
    all.addAll(display.reporters().apply(metrics));
    listeners = new CompositeListener(all);
    return Optional.of(listeners);
  }

  @Override
  public void measured(RunResult result) {
    // Before verify: its verdict "not run" until verify adds it, no thresholds' verdicts yet.
    RunSummary measured = summary(result, Verification.notRun("verify had not finished"));
    if (display.console() != null) {
      ConsoleSummary.print(display.console(), measured, display.mask());
    }
    summary = write(measured);
  }

  /**
   * The summary of a run under way, as summary.json would hold it if the run ended with {@code
   * soFar} (the live page's: {@code txbench --live}).
   */
  public SummaryFile soFar(RunResult soFar) {
    return SummaryJson.of(
        summary(soFar, Verification.notRun("the run is under way")), subject.setup());
  }

  private RunSummary summary(RunResult result, Verification verdict) {
    Path directory = subject.directory();
    return new RunSummary(
        io.txbench.core.telemetry.ToolVersion.get(),
        subject.site(),
        subject.parallelism(),
        warmedUp != null ? warmedUp : WarmUp.fixed(subject.warmup()),
        recordedOptions(),
        subject.optionRoles(),
        result,
        verdict,
        List.of(),
        directory == null ? null : directory.toString(),
        listeners == null ? List.of() : listeners.failures(),
        subject.cost());
  }

  /**
   * The options as shown, and the reporting period the run used when none was asked for (it was
   * chosen from the run's length): summary.json records every run's, which merge and report read.
   */
  private Map<String, Object> recordedOptions() {
    if (period == null || subject.options().get("metrics") != null) {
      return subject.options();
    }
    Map<String, Object> options = new java.util.LinkedHashMap<>(subject.options());
    options.put("metrics", period.toString());
    return options;
  }

  /**
   * The run's summary once verify is done ({@code outcome} of a run that was measured): verify's
   * verdict and the thresholds' shown and added, summary.json replaced.
   */
  public RunSummary verified(MeasurementOutcome outcome) {
    RunSummary measured = summary;
    if (measured == null) {
      throw new IllegalStateException("verify's verdict for a run that was not measured");
    }
    Verification verdict = outcome.verification();
    // Held after verify, whose verdict one of them may be; a stopped run's too, for the record.
    List<ThresholdVerdict> thresholds =
        subject.thresholds().stream().map(t -> t.check(measured.result(), verdict)).toList();
    if (display.console() != null) {
      VerdictText.printVerification(display.console(), verdict, display.mask());
      VerdictText.printThresholds(display.console(), thresholds);
    }
    RunSummary verified = write(measured.withVerdicts(verdict, thresholds));
    summary = verified;
    return verified;
  }

  /** Why the run could not be set up, when {@link #measuring} declined it. */
  public String whyDeclined() {
    return declined.isEmpty() ? "the run could not be set up" : String.join("; ", declined);
  }

  /**
   * Removes the files set up for a run that then measured nothing (its workers' sessions could not
   * be opened): a run that measured nothing leaves no files that look like a run's.
   */
  public void discard() {
    if (listeners == null || summary != null || subject.directory() == null) {
      return;
    }
    try {
      ResultFiles.deleteRun(subject.directory());
    } catch (IOException e) {
      say("cannot remove " + subject.directory() + "'s files: " + ResultFiles.reason(e));
    }
  }

  /**
   * {@code written} written to summary.json, when there is a directory, and returned; a failure is
   * said and recorded once, not again, in the summary returned.
   */
  private RunSummary write(RunSummary written) {
    Path directory = subject.directory();
    if (directory == null) {
      return written;
    }
    try {
      SummaryJson.write(directory, written, subject.setup(), display.mask());
      return written;
    } catch (IOException e) {
      String failure = String.valueOf(e.getMessage());
      if (written.writeFailures().stream().noneMatch(f -> f.contains(SummaryJson.FILE))) {
        say(failure);
      }
      return written.writeFailures().contains(failure)
          ? written
          : written.withWriteFailure(failure);
    }
  }

  private void say(String failure) {
    if (display.errors() != null) {
      display.errors().println("txbench: " + failure);
    }
  }
}
