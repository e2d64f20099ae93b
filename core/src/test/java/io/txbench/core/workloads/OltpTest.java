package io.txbench.core.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Oltp#verify}: what the writes of sysbench's transactions must leave, in a transaction and
 * without one ({@code --skip-trx}), where an uncertain iteration may be any prefix of its
 * statements.
 */
class OltpTest {
  private static final Oltp WRITE_ONLY = new Oltp(Oltp.Variant.WRITE_ONLY);
  private static final ItemFigures BEFORE = new ItemFigures(1000, 40, 5000);
  private static final OptionValues IN_TRANSACTIONS = OptionValues.defaults();
  private static final OptionValues SKIP_TRX = OptionValues.of(Oltp.SKIP_TRX, true);

  private static Verification verify(ItemFigures after, Tally tally, OptionValues options) {
    return WRITE_ONLY.verify(new ItemEvidence(BEFORE, after, tally, options, 0));
  }

  @Test
  void committedTransactionsGrowKAndTheCountersByTheirUpdates() {
    Verification v =
        verify(new ItemFigures(1000, 340, 5300), new Tally(300, 0, 0, 0, 0), IN_TRANSACTIONS);
    assertTrue(v.passed(), v.anomalies().toString());
    assertEquals(300L, v.figures().get("k grew"));
  }

  @Test
  void anIncrementNoTransactionMadeIsAnAnomaly() {
    Verification v =
        verify(new ItemFigures(1000, 340, 5305), new Tally(300, 0, 0, 0, 0), IN_TRANSACTIONS);
    assertFalse(v.passed());
    assertTrue(v.anomalies().get(0).startsWith("the sum of k grew by 305"), v.anomalies().get(0));
  }

  @Test
  void inATransactionEvenAnIterationInDoubtPutsItsRowBack() {
    Tally oneInDoubt = new Tally(300, 0, 1, 0, 0);
    Verification kept = verify(new ItemFigures(1000, 341, 5301), oneInDoubt, IN_TRANSACTIONS);
    assertTrue(kept.passed(), kept.anomalies().toString());
    assertEquals(List.of("1 uncertain transaction(s) allowed for"), kept.notes());
    Verification lost = verify(new ItemFigures(999, 341, 5301), oneInDoubt, IN_TRANSACTIONS);
    assertFalse(lost.passed());
    assertTrue(lost.anomalies().get(0).contains("number of rows by -1"), lost.toString());
  }

  @Test
  void withoutATransactionAnIterationInDoubtMayHaveLostItsRowAndItsK() {
    // The delete was answered, the insert's reply lost and never run: the row took k = 17 away.
    Tally oneInDoubt = new Tally(300, 0, 1, 0, 0);
    Verification v = verify(new ItemFigures(999, 338, 5284), oneInDoubt, SKIP_TRX);
    assertTrue(v.passed(), v.anomalies().toString());
    assertTrue(
        v.notes().get(0).contains("sums of k and of the update counters are not"),
        v.notes().toString());
    Verification twoLost = verify(new ItemFigures(998, 338, 5284), oneInDoubt, SKIP_TRX);
    assertFalse(twoLost.passed());
  }

  @Test
  void withoutATransactionAnInsertOfAnEarlierRunMayLandInThisOne() {
    Tally oneUnsettled = new Tally(300, 0, 0, 0, 1);
    assertTrue(verify(new ItemFigures(1001, 340, 5320), oneUnsettled, SKIP_TRX).passed());
    assertFalse(verify(new ItemFigures(1002, 340, 5320), oneUnsettled, SKIP_TRX).passed());
    assertFalse(verify(new ItemFigures(1001, 340, 5320), oneUnsettled, IN_TRANSACTIONS).passed());
  }

  @Test
  void aPartialIterationMayHaveLostItsRowInEitherMode() {
    Tally onePartial = new Tally(300, 0, 0, 1, 0);
    assertTrue(verify(new ItemFigures(999, 338, 5284), onePartial, SKIP_TRX).passed());
  }
}
