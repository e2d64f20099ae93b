package io.txbench.core.workloads;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a mix's verify makes of the update counters, with and without deletes in the mix. */
class MixVerifyTest {
  private static final ItemFigures BEFORE = new ItemFigures(1_000, 500, 0);

  /** 100 updates and 20 deletes committed (5 of the deletes found no row). */
  private static final Tally TALLY =
      new Tally(
          120,
          5,
          0,
          0,
          0,
          Map.of("update", new Tally(100, 0, 0, 0, 0), "delete", new Tally(20, 5, 0, 0, 0)));

  private static Verification verify(String mix, long rowsAfter, long updatesAfter) {
    return Mix.parse(mix)
        .verify(
            new ItemEvidence(
                BEFORE,
                new ItemFigures(rowsAfter, updatesAfter, 0),
                TALLY,
                OptionValues.defaults(),
                0));
  }

  @Test
  void withDeletesTheCountersMayGrowByLessThanTheUpdatesOrFall() {
    // The 15 rows deleted took 130 counted updates with them.
    assertTrue(verify("update=80,delete=20", 985, 470).passed());
    assertTrue(verify("update=80,delete=20", 985, 600).passed());
  }

  @Test
  void withDeletesTheCountersNeverGrowByMoreThanTheUpdates() {
    Verification v = verify("update=80,delete=20", 985, 601);
    assertFalse(v.passed());
    assertTrue(v.anomalies().get(0).contains("grew by 101"), v.anomalies().toString());
  }

  @Test
  void withoutDeletesTheCountersGrowByExactlyTheUpdates() {
    Tally updatesOnly = new Tally(100, 0, 0, 0, 0, Map.of("update", new Tally(100, 0, 0, 0, 0)));
    ItemEvidence exact =
        new ItemEvidence(
            BEFORE, new ItemFigures(1_000, 600, 0), updatesOnly, OptionValues.defaults(), 0);
    ItemEvidence short1 =
        new ItemEvidence(
            BEFORE, new ItemFigures(1_000, 599, 0), updatesOnly, OptionValues.defaults(), 0);
    assertTrue(Mix.parse("update=100").verify(exact).passed());
    assertFalse(Mix.parse("update=100").verify(short1).passed());
  }
}
