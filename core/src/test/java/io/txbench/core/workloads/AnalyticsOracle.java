package io.txbench.core.workloads;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.data.AnalyticsData.Order;
import io.txbench.core.spi.Answer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer each analytics query must give, computed in plain Java from the generated data: the
 * definition of the queries that every target's statements are tested against, at the small scales
 * tests load (it holds the groups in memory and walks every order once per call).
 */
public final class AnalyticsOracle {
  private final AnalyticsData data;

  public AnalyticsOracle(AnalyticsData data) {
    this.data = data;
  }

  /** The canonical answer of {@code query} over the data. */
  public Answer answer(AnalyticsQuery query) {
    List<List<Object>> rows =
        switch (query) {
          case JOIN -> join();
          case GROUP_BY -> grouped(query, new int[][] {{0, 1, 2}}, true);
          case GROUPING_SETS -> grouped(query, new int[][] {{0, 2}, {1}, {}}, false);
          case ROLLUP -> grouped(query, new int[][] {{0, 1, 2}, {0, 1}, {0}, {}}, false);
          case CUBE -> grouped(query, new int[][] {{1, 2}, {1}, {2}, {}}, false);
          case PIVOT -> pivot();
        };
    return Answer.of(query.queryName(), query.columns(), rows);
  }

  private List<List<Object>> join() {
    List<List<Object>> rows = new ArrayList<>();
    for (long id = data.orders(); id >= 1 && rows.size() < AnalyticsQuery.JOIN_LIMIT; id--) {
      Order o = data.order(id);
      if (o.customerId() == data.joinCustomer()) {
        rows.add(
            Arrays.asList(
                o.id(),
                data.customerName(o.customerId()),
                data.salesName(o.salesId()),
                data.productName(o.productId()),
                o.price(),
                o.quantity()));
      }
    }
    return rows;
  }

  /**
   * The groups of every grouping in {@code groupings} (indexes into customer, salesperson, product;
   * the others null), with orders, quantity, revenue and, for {@code greeks}, the sums of the five
   * numbers. The cube leaves out the customer column.
   */
  private List<List<Object>> grouped(AnalyticsQuery query, int[][] groupings, boolean greeks) {
    Map<List<String>, Sums> groups = new HashMap<>();
    for (long id = 1; id <= data.orders(); id++) {
      Order o = data.order(id);
      String[] names = {
        data.customerName(o.customerId()),
        data.salesName(o.salesId()),
        data.productName(o.productId())
      };
      for (int[] grouping : groupings) {
        String[] key = new String[3];
        for (int i : grouping) {
          key[i] = names[i];
        }
        groups.computeIfAbsent(Arrays.asList(key), k -> new Sums()).add(o);
      }
    }
    boolean withCustomer = query.columns().get(0).equals("customer");
    List<List<Object>> rows = new ArrayList<>();
    groups.forEach(
        (key, sums) -> {
          List<Object> row = new ArrayList<>(withCustomer ? key : key.subList(1, 3));
          row.add(sums.orders);
          row.add(sums.quantity);
          row.add(sums.revenue);
          if (greeks) {
            for (double g : sums.greeks) {
              row.add(g);
            }
          }
          rows.add(row);
        });
    return rows;
  }

  private List<List<Object>> pivot() {
    List<String> sales = AnalyticsData.salesNames();
    Map<String, long[]> byProduct = new HashMap<>();
    for (long id = 1; id <= data.orders(); id++) {
      Order o = data.order(id);
      long[] quantities =
          byProduct.computeIfAbsent(data.productName(o.productId()), p -> new long[sales.size()]);
      quantities[sales.indexOf(data.salesName(o.salesId()))] += o.quantity();
    }
    List<List<Object>> rows = new ArrayList<>();
    byProduct.forEach(
        (product, quantities) -> {
          List<Object> row = new ArrayList<>();
          row.add(product);
          for (long q : quantities) {
            row.add(q);
          }
          rows.add(row);
        });
    return rows;
  }

  private static final class Sums {
    long orders;
    long quantity;
    BigDecimal revenue = BigDecimal.ZERO;
    final double[] greeks = new double[5];

    void add(Order o) {
      orders++;
      quantity += o.quantity();
      revenue = revenue.add(o.price().multiply(BigDecimal.valueOf(o.quantity())));
      greeks[0] += o.beta();
      greeks[1] += o.gamma();
      greeks[2] += o.theta();
      greeks[3] += o.vega();
      greeks[4] += o.vanna();
    }
  }
}
