package io.txbench.core.workloads;

import io.txbench.core.spi.Answer;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import java.util.List;
import java.util.Map;

/**
 * What the analytics verify judges: the rows each table held before and after the run (by table
 * name: {@code ord}, {@code customer}, {@code sales}, {@code product}), the runner's tally, the
 * kind's option values and seed, and the canonical answers of the queries run, asked once more
 * after the run.
 */
public record AnalyticsEvidence(
    Map<String, Long> before,
    Map<String, Long> after,
    Tally tally,
    OptionValues options,
    long seed,
    List<Answer> answers) {

  public AnalyticsEvidence {
    before = Map.copyOf(before);
    after = Map.copyOf(after);
    answers = List.copyOf(answers);
  }
}
