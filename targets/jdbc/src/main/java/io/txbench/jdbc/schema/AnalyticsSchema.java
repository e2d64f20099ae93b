package io.txbench.jdbc.schema;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.data.AnalyticsData.Order;
import io.txbench.core.workloads.Analytics;
import io.txbench.jdbc.client.TableLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The analytics tables ({@link Analytics#TABLES}) and how they are loaded from {@link
 * AnalyticsData}. No foreign-key constraint: MySQL would index its columns, and {@code --indexes
 * none} means none. Prices are DECIMAL and the five numbers DOUBLE PRECISION, so that every sum the
 * queries take is exact.
 */
public final class AnalyticsSchema {
  private AnalyticsSchema() {}

  static final TableDef CUSTOMER = dimension("customer");
  static final TableDef SALES = dimension("sales");
  static final TableDef PRODUCT = dimension("product");

  /** The columns of {@code ord}, as they are loaded. */
  static final List<String> ORD_COLUMNS = Analytics.withId("id");

  /** The foreign-key columns of {@code ord}, indexed with {@code --indexes keys}. */
  public static final Set<String> KEY_COLUMNS = Set.copyOf(Analytics.KEY_COLUMNS);

  /** The indexes of {@code --indexes keys}, made once the orders are loaded. */
  static final List<String> KEY_INDEXES =
      List.of(
          "CREATE INDEX ord_customer_id ON ord (customer_id)",
          "CREATE INDEX ord_sales_id ON ord (sales_id)",
          "CREATE INDEX ord_product_id ON ord (product_id)");

  /** {@code ord} without the indexes of {@code --indexes keys}: its shape, as --drop knows it. */
  public static final TableDef ORD = ord(Analytics.Indexes.NONE);

  /** The four tables in the shape txbench makes them, whatever the indexes. */
  public static final List<TableDef> SHAPES = List.of(CUSTOMER, SALES, PRODUCT, ORD);

  /** Orders are loaded in this many parts of consecutive ids, at once where the pool allows. */
  private static final int ORDER_PARTS = 4;

  /** The tables with {@code ord}'s indexes as {@code indexes} asks, in the order they are made. */
  public static List<TableDef> tables(Analytics.Indexes indexes) {
    return List.of(CUSTOMER, SALES, PRODUCT, ord(indexes));
  }

  private static TableDef dimension(String name) {
    return new TableDef(
        name,
        "CREATE TABLE " + name + " (id INT NOT NULL%KEY%, name VARCHAR(40) NOT NULL)",
        "id",
        List.of());
  }

  private static TableDef ord(Analytics.Indexes indexes) {
    return new TableDef(
        "ord",
        "CREATE TABLE ord (id BIGINT NOT NULL%KEY%, customer_id INT NOT NULL,"
            + " sales_id INT NOT NULL, product_id INT NOT NULL, price DECIMAL(10, 2) NOT NULL,"
            + " quantity INT NOT NULL, beta DOUBLE PRECISION NOT NULL,"
            + " gamma DOUBLE PRECISION NOT NULL, theta DOUBLE PRECISION NOT NULL,"
            + " vega DOUBLE PRECISION NOT NULL, vanna DOUBLE PRECISION NOT NULL)",
        "id",
        indexes == Analytics.Indexes.KEYS ? KEY_INDEXES : List.of());
  }

  /**
   * The loads of every row of {@code data}: the three dimensions, then the orders in parts of
   * consecutive ids (an order is a function of its id, so the parts may go in at once).
   */
  public static List<TableLoad> loads(AnalyticsData data) {
    List<TableLoad> loads = new ArrayList<>();
    loads.add(dimensionLoad("customer", data.customers(), data::customerName));
    loads.add(dimensionLoad("sales", data.salespeople(), data::salesName));
    loads.add(dimensionLoad("product", data.products(), data::productName));
    long orders = data.orders();
    long per = (orders + ORDER_PARTS - 1) / ORDER_PARTS;
    for (long first = 1; first <= orders; first += per) {
      long from = first;
      long to = Math.min(orders, first + per - 1);
      loads.add(
          new TableLoad(
              "ord",
              ORD_COLUMNS,
              to - from + 1,
              sink -> {
                Object[] row = new Object[ORD_COLUMNS.size()];
                for (long id = from; id <= to; id++) {
                  fill(row, data.order(id));
                  sink.row(row);
                }
              }));
    }
    return loads;
  }

  private static TableLoad dimensionLoad(String table, int rows, IntFunction<String> name) {
    return new TableLoad(
        table,
        List.of("id", "name"),
        rows,
        sink -> {
          for (int id = 1; id <= rows; id++) {
            sink.row(id, name.apply(id));
          }
        });
  }

  private static void fill(Object[] row, Order o) {
    row[0] = o.id();
    row[1] = o.customerId();
    row[2] = o.salesId();
    row[3] = o.productId();
    row[4] = o.price();
    row[5] = o.quantity();
    row[6] = o.beta();
    row[7] = o.gamma();
    row[8] = o.theta();
    row[9] = o.vega();
    row[10] = o.vanna();
  }
}
