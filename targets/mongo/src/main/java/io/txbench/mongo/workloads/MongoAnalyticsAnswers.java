package io.txbench.mongo.workloads;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.spi.Answer;
import io.txbench.core.workloads.AnalyticsQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.jspecify.annotations.Nullable;

/**
 * The documents of an analytics pipeline ({@link MongoAnalyticsPipelines}) as the rows of its
 * canonical {@link Answer}: each column read from the field of its name (a missing one, a rolled-up
 * name, as null), BSON's numbers as Java's; the pivot's {@code sales} array spread into one column
 * per name of {@link AnalyticsData#salesNames()}, 0 where that name sold none.
 */
final class MongoAnalyticsAnswers {
  private MongoAnalyticsAnswers() {}

  /** The canonical answer of {@code query} from its documents. */
  static Answer of(AnalyticsQuery query, Iterable<Document> documents) {
    List<List<Object>> rows = new ArrayList<>();
    for (Document d : documents) {
      rows.add(query == AnalyticsQuery.PIVOT ? pivotRow(d) : row(query.columns(), d));
    }
    return Answer.of(query.queryName(), query.columns(), rows);
  }

  private static List<Object> row(List<String> columns, Document d) {
    List<Object> row = new ArrayList<>(columns.size());
    for (String column : columns) {
      row.add(cell(d.get(column)));
    }
    return row;
  }

  /** One product's row: its name, then the quantity each salesperson name sold of it. */
  private static List<Object> pivotRow(Document d) {
    List<String> names = AnalyticsData.salesNames();
    Object[] quantities = new Object[names.size()];
    Arrays.fill(quantities, 0L);
    for (Document sold : d.getList("sales", Document.class)) {
      int column = names.indexOf(sold.getString("salesperson"));
      if (column < 0) {
        throw new IllegalStateException(
            "the pivot found a salesperson named '"
                + sold.getString("salesperson")
                + "', not one of the data's names");
      }
      quantities[column] = cell(sold.get("quantity"));
    }
    List<Object> row = new ArrayList<>(1 + names.size());
    row.add(cell(d.get("product")));
    row.addAll(Arrays.asList(quantities));
    return row;
  }

  /** A cell as {@link Answer#of} takes it: text, a Java number, or null. */
  private static @Nullable Object cell(@Nullable Object value) {
    if (value instanceof Decimal128 decimal) {
      return decimal.bigDecimalValue();
    }
    if (value == null || value instanceof String || value instanceof Number) {
      return value;
    }
    throw new IllegalStateException(
        "an analytics pipeline returned a " + value.getClass().getSimpleName() + ": " + value);
  }
}
