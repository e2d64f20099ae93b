package io.txbench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnalyticsDataTest {
  private final AnalyticsData data = new AnalyticsData(42, new BigDecimal("0.01"));

  @Test
  void theScaleSizesTheTablesWithFloorsOnTheDimensions() {
    AnalyticsData one = new AnalyticsData(1, BigDecimal.ONE);
    assertEquals(1_000_000, one.orders());
    assertEquals(1_000, one.customers());
    assertEquals(100, one.salespeople());
    assertEquals(500, one.products());
    assertEquals(10_000, data.orders());
    assertEquals(10, data.customers());
    assertEquals(5, data.salespeople());
    assertEquals(10, data.products());
    assertEquals(1_000, new AnalyticsData(1, new BigDecimal("0.001")).orders());
  }

  @Test
  void theSameSeedGivesTheSameRowsAndAnotherSeedOthers() {
    AnalyticsData again = new AnalyticsData(42, new BigDecimal("0.01"));
    AnalyticsData other = new AnalyticsData(43, new BigDecimal("0.01"));
    int same = 0;
    for (long id = 1; id <= 1_000; id++) {
      assertEquals(data.order(id), again.order(id));
      same += data.order(id).equals(other.order(id)) ? 1 : 0;
    }
    assertTrue(same < 10, same + " of 1,000 orders alike under another seed");
    assertEquals(data.customerName(3), again.customerName(3));
  }

  @Test
  void everyNumberIsExactInBinaryFloatingPoint() {
    for (long id = 1; id <= data.orders(); id++) {
      AnalyticsData.Order o = data.order(id);
      BigDecimal quarters = o.price().multiply(BigDecimal.valueOf(4));
      assertEquals(0, quarters.stripTrailingZeros().scale() <= 0 ? 0 : 1, "price " + o.price());
      assertTrue(o.price().compareTo(BigDecimal.ONE) >= 0 && o.price().doubleValue() < 500);
      for (double g : new double[] {o.beta(), o.gamma(), o.theta(), o.vega(), o.vanna()}) {
        assertEquals(g, Math.rint(g * 64) / 64, "a whole 64th: " + g);
        assertTrue(g >= -128 && g < 128, String.valueOf(g));
      }
      assertTrue(o.quantity() >= 1 && o.quantity() <= 20);
      assertTrue(o.customerId() >= 1 && o.customerId() <= data.customers());
      assertTrue(o.salesId() >= 1 && o.salesId() <= data.salespeople());
      assertTrue(o.productId() >= 1 && o.productId() <= data.products());
    }
  }

  @Test
  void namesRepeatAndGroupsAreUneven() {
    AnalyticsData one = new AnalyticsData(7, BigDecimal.ONE);
    Set<String> names = new HashSet<>();
    for (int id = 1; id <= one.customers(); id++) {
      names.add(one.customerName(id));
    }
    assertTrue(names.size() > 20 && names.size() <= 40, names.size() + " customer names");
    Map<Integer, Integer> byCustomer = new HashMap<>();
    for (long id = 1; id <= 100_000; id++) {
      byCustomer.merge(one.order(id).customerId(), 1, Integer::sum);
    }
    int first = byCustomer.getOrDefault(1, 0);
    int middle = byCustomer.getOrDefault(one.joinCustomer(), 0);
    assertTrue(first > 10 * middle, "customer 1 has " + first + " orders, the middle " + middle);
    assertTrue(middle > 10, "the join's customer has " + middle + " of 100,000 orders");
    assertNotEquals(one.customerName(1), null);
  }

  @Test
  void namesAreDistinctInAnyCase() {
    Set<String> lower = new HashSet<>();
    AnalyticsData.salesNames()
        .forEach(n -> assertTrue(lower.add(n.toLowerCase(java.util.Locale.ROOT))));
  }
}
