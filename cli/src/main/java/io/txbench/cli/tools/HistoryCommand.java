package io.txbench.cli.tools;

import io.txbench.cli.options.ExitCodes;
import io.txbench.cli.options.RangeCheck;
import io.txbench.core.spi.values.Range;
import io.txbench.report.history.ChangePoints;
import io.txbench.report.history.Export;
import io.txbench.report.history.HistoryPage;
import io.txbench.report.history.HistoryText;
import io.txbench.report.history.RegressionRule;
import io.txbench.report.history.Series;
import io.txbench.report.history.SeriesVerdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code history ROOT}: every run under a results root, grouped into series, each series' latest
 * run judged against its baseline; exit 6 when one regressed.
 */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Read every run under ROOT (each summary.json, at any depth), group them into series"
          + " (target, server version and settings, workload, parallelism, isolation, client"
          + " machine) and print, per series, the latest run's tps and p99 against the median of"
          + " the runs before it. Exit 6 when a series regressed."
    })
public final class HistoryCommand implements Callable<Integer> {
  static final int MAX_BASELINE_RUNS = 1000;
  static final double MAX_MIN_CHANGE = 1000;

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "ROOT", description = "The directory that holds the runs.")
  Path root;

  @Option(
      names = "--baseline-runs",
      paramLabel = "N",
      defaultValue = "10",
      description =
          "The baseline is the median of up to N runs before the latest (1 to "
              + MAX_BASELINE_RUNS
              + "). Default: ${DEFAULT-VALUE}.")
  int baselineRuns;

  @Option(
      names = "--min-change",
      paramLabel = "PCT",
      defaultValue = "10",
      description =
          "The smallest change, in percent, that is a regression (0 to 1000); a noisier baseline"
              + " needs more: 3 times its spread. Default: ${DEFAULT-VALUE}.")
  double minChange;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Also write a self-contained HTML trend page: each series' tps and p99 over time,"
              + " regressed series first, change points and regressions marked.")
  Path html;

  @Option(
      names = "--export",
      paramLabel = "FORMAT=FILE",
      description =
          "Also write the latest run of each series, named by the series, for a service that keeps"
              + " benchmark histories: bencher (Bencher Metric Format), github-bigger (tps) or"
              + " github-smaller (p99 in ms), github-action-benchmark's custom formats."
              + " Repeatable.")
  List<String> exports = List.of();

  @Override
  public Integer call() {
    List<Export> asked = Exports.parse(spec.commandLine(), exports);
    RangeCheck limits = new RangeCheck(spec);
    limits.check("--baseline-runs", Range.counts(1, MAX_BASELINE_RUNS), (long) baselineRuns);
    limits.check("--min-change", Range.rates(0, MAX_MIN_CHANGE), minChange);
    PrintWriter out = spec.commandLine().getOut();
    List<Series> series = ResultDirectories.series(spec.commandLine(), List.of(root), false);
    RegressionRule rule = new RegressionRule(baselineRuns, minChange / 100);
    List<SeriesVerdict> verdicts = series.stream().map(rule::judge).toList();
    if (html != null) {
      Exports.write(
          spec.commandLine(),
          html,
          List.of(root),
          () -> HistoryPage.write(verdicts, ChangePoints.DEFAULT, html));
    }
    for (Export export : asked) {
      Exports.write(spec.commandLine(), export.file(), List.of(root), () -> export.write(series));
    }
    verdicts.forEach(v -> out.println(HistoryText.line(v)));
    out.println(HistoryText.total(verdicts));
    return verdicts.stream().anyMatch(v -> v.verdict() == SeriesVerdict.Verdict.REGRESSION)
        ? ExitCodes.REGRESSION
        : ExitCodes.OK;
  }
}
