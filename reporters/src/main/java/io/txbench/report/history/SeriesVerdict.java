package io.txbench.report.history;

import java.util.List;

/**
 * A series' latest run judged against its baseline: the verdict, and each metric's change (empty
 * with too few runs).
 *
 * @param baselineRuns how many runs before the latest the baseline holds
 */
public record SeriesVerdict(
    Series series, Verdict verdict, int baselineRuns, List<MetricChange> changes) {

  public SeriesVerdict {
    changes = List.copyOf(changes);
  }

  /** What history says of a series. */
  public enum Verdict {
    OK("ok"),
    REGRESSION("REGRESSION"),
    IMPROVED("improved"),
    TOO_FEW_RUNS("too few runs");

    private final String label;

    Verdict(String label) {
      this.label = label;
    }

    /** As history prints it. */
    public String label() {
      return label;
    }
  }
}
