package io.txbench.core.run;

import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StatementStats;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.StatementId;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What txbench counted committed in a run ({@code committed}), as the commit cross-check compares
 * it with the server's count; how many more the server may have committed ({@code uncertain}); and
 * how they were counted, when not one by applied iteration ({@code how}, empty then).
 */
record CommitsCounted(long committed, long uncertain, Optional<String> how) {

  /**
   * What txbench counted committed in {@code result}, with {@code unsettled} iterations of earlier
   * runs that may land in it: its applied iterations, or, {@code byStatement}, each COMMIT that
   * succeeded, and each statement outside a transaction that succeeded where the server counts
   * those ({@code alone}: a query's too, as PostgreSQL counts each as a transaction). A statement
   * of either whose answer was lost may have committed too.
   */
  static CommitsCounted of(RunResult result, long unsettled, boolean byStatement, boolean alone) {
    long inDoubt = result.outcomes().inDoubt() + unsettled;
    if (!byStatement) {
      return new CommitsCounted(result.tally().applied(), inDoubt, Optional.empty());
    }
    long transactions = 0;
    long statements = 0;
    long lost = 0;
    for (StatementStats s : result.breakdown().statements()) {
      StatementId.Commits commits = s.id().commits();
      if (commits == StatementId.Commits.NOTHING
          || (commits == StatementId.Commits.ITSELF && !alone)) {
        continue;
      }
      if (commits == StatementId.Commits.TRANSACTION) {
        transactions += s.count();
      } else {
        statements += s.count();
      }
      for (Map.Entry<ErrorClass, Long> failed : s.failures().entrySet()) {
        lost += failed.getKey().unanswered() ? failed.getValue() : 0;
      }
    }
    String how =
        String.format(
            Locale.US,
            "txbench counted by statement: %,d COMMIT(s)%s that succeeded",
            transactions,
            alone
                ? String.format(
                    Locale.US, " and %,d statement(s) outside a transaction", statements)
                : "");
    return new CommitsCounted(transactions + statements, inDoubt + lost, Optional.of(how));
  }
}
