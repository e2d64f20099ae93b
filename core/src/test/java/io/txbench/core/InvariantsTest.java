package io.txbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Verification catches each planted anomaly, and only those. */
class InvariantsTest {

  @Test
  void aConsistentAirlinePasses() {
    Verification v = Invariants.airline(500, 500, 500, 0, 100, 400);
    assertTrue(v.passed(), v.anomalies().toString());
    assertEquals(400L, v.figures().get("seats_booked_in_run"));
  }

  @Test
  void eachAirlineAnomalyIsReported() {
    assertFalse(Invariants.airline(500, 499, 500, 0, 100, 400).passed()); // a lost payment
    assertFalse(Invariants.airline(500, 500, 498, 0, 100, 400).passed()); // a lost increment
    Verification duplicates = Invariants.airline(500, 500, 500, 3, 100, 400);
    assertEquals(1, duplicates.anomalies().size());
    assertTrue(duplicates.anomalies().get(0).contains("3 seat number(s)"));
    Verification miscounted = Invariants.airline(500, 500, 500, 0, 100, 401);
    assertTrue(miscounted.anomalies().get(0).contains("differ from iterations committed"));
  }

  @Test
  void itemWorkloadsCompareTheirCounts() {
    assertTrue(Invariants.inserted(1000, 1300, 300).passed());
    assertFalse(Invariants.inserted(1000, 1299, 300).passed());
    assertTrue(Invariants.updated(10, 510, 500).passed());
    assertFalse(Invariants.updated(10, 509, 500).passed());
    assertTrue(Invariants.unchanged(1000, 1000, 7, 7, 123).passed());
    assertFalse(Invariants.unchanged(1000, 1001, 7, 7, 123).passed());
  }
}
