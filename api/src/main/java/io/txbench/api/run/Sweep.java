package io.txbench.api.run;

import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.report.compare.AnswerCheck;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.live.RunWatch;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every run a plan asks for, as the command line and the Java API take them alike: each target in
 * turn, each at every data and parallelism level, written where the {@code directories} say, said
 * on {@code out} and {@code err} (a {@code terminal}'s progress redrawn in place), judged by the
 * {@code verdicts}; a sweep of several runs ends with their comparison table, as wide as the
 * terminal ({@code width}). The {@code watch} serves the runs while they go; the {@code signals}
 * stop them.
 */
public record Sweep(
    RunPlan plan,
    List<TargetSettings> targets,
    OutputDirectories directories,
    Bindings providers,
    PrintStream out,
    PrintStream err,
    boolean terminal,
    Signals signals,
    int width,
    RunWatch watch,
    Verdicts verdicts) {

  public void run() throws Exception {
    List<Path> results = new ArrayList<>();
    for (TargetSettings settings : targets) {
      TargetSession.Outcome outcome;
      try {
        outcome = new TargetSession(this, settings).run();
      } catch (TargetUnavailableException | SetupException e) {
        if (targets.size() == 1) {
          throw e;
        }
        // One target out of reach does not keep the others of the list from running.
        verdicts.unreachable(settings, e);
        continue;
      }
      results.addAll(outcome.results());
      if (outcome.stopped()) {
        break;
      }
    }
    if (plan.runs().sweep() && results.size() > 1) {
      printComparison(results);
    }
  }

  /** How each run is shown. */
  RunLines lines() {
    return new RunLines(plan, out, err);
  }

  private void printComparison(List<Path> results) {
    List<ResultDirectory> runs = new ArrayList<>();
    try {
      for (Path p : results) {
        ResultDirectory run = ResultDirectory.load(p);
        if (run.summary().measured()) { // a level interrupted before its window is none
          runs.add(run);
        }
      }
    } catch (IOException e) {
      err.println("txbench: cannot compare the runs: " + e.getMessage());
      return;
    }
    if (runs.size() < 2) {
      return;
    }
    out.println();
    out.print(
        CompareTable.render(
            runs,
            runs.get(0),
            new CompareTable.Output(CompareTable.Format.TEXT, width),
            AnswerCheck.of(runs, runs.get(0))));
    out.flush();
  }
}
