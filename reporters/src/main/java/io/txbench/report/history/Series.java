package io.txbench.report.history;

import java.util.List;

/** The runs of one series of a history, in the order they started; never empty. */
public record Series(SeriesKey key, List<HistoryRun> runs) {

  public Series {
    runs = List.copyOf(runs);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a series has at least one run");
    }
  }

  /** The run that started last. */
  public HistoryRun latest() {
    return runs.get(runs.size() - 1);
  }
}
