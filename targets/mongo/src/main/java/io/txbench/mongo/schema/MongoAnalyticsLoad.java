package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.txbench.core.data.AnalyticsData;
import io.txbench.core.data.AnalyticsData.Order;
import io.txbench.core.spi.Progress;
import io.txbench.core.workloads.Analytics;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.bson.Document;
import org.jspecify.annotations.Nullable;

/**
 * The analytics data as documents ({@code customer}, {@code sales}, {@code product}: {@code {_id,
 * name}}; {@code ord}: {@code _id}, the three keys, {@code price} as a double, {@code quantity} as
 * an int, the five numbers), loaded by unordered {@code insertMany} batches under one progress bar
 * over every document, {@code ord} in ranges side by side; then, for {@code --indexes keys}, an
 * index on each key of {@code ord}.
 */
public final class MongoAnalyticsLoad {
  /** The keys of {@code ord} that {@code --indexes keys} indexes. */
  static final List<String> KEYS = Analytics.KEY_COLUMNS;

  /** Ranges of {@code ord} loaded side by side. */
  private static final int ORDER_RANGES = 4;

  private final MongoDatabase database;
  private final AnalyticsData data;

  public MongoAnalyticsLoad(MongoDatabase database, AnalyticsData data) {
    this.database = database;
    this.data = data;
  }

  /** Loads the four collections (created empty), then makes the indexes {@code indexes} asks. */
  public void load(Progress progress, Analytics.Indexes indexes) throws InterruptedException {
    List<MongoLoader.Load> loads = new ArrayList<>();
    loads.add(names("customer", data.customers(), data::customerName));
    loads.add(names("sales", data.salespeople(), data::salesName));
    loads.add(names("product", data.products(), data::productName));
    MongoCollection<Document> ord = database.getCollection("ord");
    long per = (data.orders() + ORDER_RANGES - 1) / ORDER_RANGES;
    for (long first = 1; first <= data.orders(); first += per) {
      long from = first;
      long to = Math.min(data.orders(), first + per - 1);
      loads.add(
          new MongoLoader.Load(
              ord,
              sink -> {
                for (long id = from; id <= to; id++) {
                  sink.accept(order(data.order(id)));
                }
              }));
    }
    long documents =
        Analytics.expectedRows(data).values().stream().mapToLong(Long::longValue).sum();
    try (Progress.Task task = progress.start("loading analytics", documents)) {
      MongoLoader.loadAll(loads, task);
    }
    if (indexes == Analytics.Indexes.KEYS) {
      KEYS.forEach(key -> ord.createIndex(new Document(key, 1)));
    }
  }

  private MongoLoader.Load names(String collection, int count, IntFunction<String> name) {
    Consumer<Consumer<Document>> source =
        sink -> {
          for (int id = 1; id <= count; id++) {
            sink.accept(new Document("_id", id).append("name", name.apply(id)));
          }
        };
    return new MongoLoader.Load(database.getCollection(collection), source);
  }

  private static Document order(Order o) {
    return new Document("_id", o.id())
        .append("customer_id", o.customerId())
        .append("sales_id", o.salesId())
        .append("product_id", o.productId())
        .append("price", o.price().doubleValue())
        .append("quantity", o.quantity())
        .append("beta", o.beta())
        .append("gamma", o.gamma())
        .append("theta", o.theta())
        .append("vega", o.vega())
        .append("vanna", o.vanna());
  }

  /**
   * The {@code --indexes} setting {@code ord}'s indexes match: {@code keys} when each key has an
   * index of its own, {@code none} when none has any (beyond {@code _id}); null for anything else.
   */
  public static Analytics.@Nullable Indexes indexes(MongoCollection<Document> ord) {
    List<String> indexed = new ArrayList<>();
    for (Document index : ord.listIndexes()) {
      Document key = index.get("key", Document.class);
      if (key.size() == 1 && KEYS.contains(key.keySet().iterator().next())) {
        indexed.add(key.keySet().iterator().next());
      }
    }
    if (indexed.isEmpty()) {
      return Analytics.Indexes.NONE;
    }
    return indexed.containsAll(KEYS) ? Analytics.Indexes.KEYS : null;
  }
}
