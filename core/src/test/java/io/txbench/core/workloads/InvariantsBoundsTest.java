package io.txbench.core.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Tally;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared figures and bounds of every verdict, at their edges. */
class InvariantsBoundsTest {
  private static List<String> within(long applied, Tally tally) {
    List<String> anomalies = new ArrayList<>();
    Invariants.within("rows", applied, tally, anomalies);
    return anomalies;
  }

  @Test
  void figuresNameDeclinedAndUncertainIterationsOnlyWhenThereAreAny() {
    assertEquals(Map.of("committed", 10L), Invariants.figures(new Tally(10, 0, 0, 0, 0)));
    assertEquals(
        Map.of("committed", 10L, "declined", 1L, "uncertain", 1L),
        Invariants.figures(new Tally(10, 1, 1, 0, 0)));
  }

  @Test
  void appliedMayBeExactlyTheCommittedWorkOrThatPlusTheUncertain() {
    Tally tally = new Tally(10, 2, 1, 1, 0);
    assertEquals(List.of(), within(8, tally));
    assertEquals(List.of(), within(10, tally));
    assertEquals(
        List.of(
            "the server holds 7 rows from this run, fewer than the 8 iterations committed"
                + " (10 but 2 declined): committed work is missing"),
        within(7, tally));
    assertEquals(
        List.of(
            "the server holds 11 rows from this run, more than the 8 iterations committed"
                + " (10 but 2 declined) and 2 uncertain"),
        within(11, tally));
    assertEquals(
        List.of("the server holds 6 rows from this run, more than the 5 iterations committed"),
        within(6, new Tally(5, 0, 0, 0, 0)));
  }

  @Test
  void queriesGrowByTheDifferenceOfEachCount() {
    Queries grown = new Queries(10, 20, 30).minus(new Queries(1, 2, 3));
    assertEquals(new Queries(9, 18, 27), grown);
    assertEquals(54, grown.total());
    assertFalse(Queries.NONE.any());
    assertTrue(new Queries(0, 0, 1).any());
  }
}
