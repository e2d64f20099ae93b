package io.txbench.cli;

import io.txbench.cli.options.ExitCodes;
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
 * Every run the command line asks for: each target in turn, each at every parallelism level; a
 * sweep of several runs ends with their comparison table, as wide as the terminal ({@code width});
 * the {@code watch} serves them while they go.
 */
record Sweep(
    CommandPlan plan,
    List<TargetSettings> targets,
    OutputDirectories directories,
    Bindings providers,
    PrintStream out,
    PrintStream err,
    ShutdownGuard guard,
    int width,
    RunWatch watch) {

  int run() throws Exception {
    int exitCode = ExitCodes.OK;
    List<Path> results = new ArrayList<>();
    for (TargetSettings settings : targets) {
      BenchmarkSession.Outcome outcome;
      try {
        outcome =
            new BenchmarkSession(plan, settings, providers, out, err, directories, guard, watch)
                .run();
      } catch (TargetUnavailableException | SetupException e) {
        if (targets.size() == 1) {
          throw e;
        }
        // One target out of reach does not keep the others of the list from running.
        err.println(
            "txbench: "
                + settings.targetName()
                + ": "
                + plan.shown().credentials().mask(e.getMessage()));
        exitCode = Math.max(exitCode, ExitCodes.of(e));
        continue;
      }
      exitCode = Math.max(exitCode, outcome.exitCode());
      results.addAll(outcome.results());
      if (outcome.exitCode() == ExitCodes.INTERRUPTED) {
        break;
      }
    }
    if (plan.runs().sweep() && results.size() > 1) {
      printComparison(results);
    }
    return exitCode;
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
