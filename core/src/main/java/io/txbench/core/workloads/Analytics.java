package io.txbench.core.workloads;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.spi.Answer;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Verification;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The analytics queries of the PostgreSQL-versus-MongoDB study over an order schema ({@link
 * AnalyticsData}): each iteration is one query ({@link AnalyticsQuery}), the queries chosen with
 * {@code --query} taken in turn, each recorded apart. It reads only; verify checks the tables are
 * as loaded and records each query's canonical answer ({@link Answer}), which {@code compare}
 * checks across targets.
 */
public final class Analytics extends NamedKind {
  public static final String NAME = "analytics";

  /** The data the analytics queries read, as txbench's record and lease name it. */
  public static final String DATA_SET = "analytics";

  /** The tables, in the order they are loaded: the dimensions, then the orders. */
  public static final List<String> TABLES = List.of("customer", "sales", "product", "ord");

  /**
   * The columns of {@code ord} after its id, in the order they are loaded: the three foreign keys,
   * then price, quantity and the five numbers.
   */
  public static final List<String> ORDER_COLUMNS =
      List.of(
          "customer_id sales_id product_id price quantity beta gamma theta vega vanna".split(" "));

  /** The foreign-key columns of {@code ord}, which {@code --indexes keys} indexes. */
  public static final List<String> KEY_COLUMNS = ORDER_COLUMNS.subList(0, 3);

  /** The columns of {@code ord}: its id, named {@code id}, then {@link #ORDER_COLUMNS}. */
  public static List<String> withId(String id) {
    return Stream.concat(Stream.of(id), ORDER_COLUMNS.stream()).toList();
  }

  /** Whether the foreign-key columns of {@code ord} are indexed. */
  public enum Indexes {
    /** No index but the primary keys (no foreign-key constraint either: MySQL would index it). */
    NONE,
    /** An index on each of customer_id, sales_id and product_id. */
    KEYS
  }

  public static final DeclaredOption<BigDecimal> SCALE =
      DeclaredOption.decimal(
          "--scale",
          "FACTOR",
          "the size of the analytics data, from 0.001 to 100: 1 is 1,000,000 orders, 1,000"
              + " customers, 100 salespeople, 500 products; a list in increasing order"
              + " (0.1,0.5,1) makes a sweep over data volume, each level loaded afresh.",
          "0.1",
          new BigDecimal("0.001"),
          new BigDecimal("100"));

  public static final DeclaredOption<Indexes> INDEXES =
      DeclaredOption.choice(
          "--indexes",
          "none|keys",
          "index the foreign-key columns of ord (keys) or not (none).",
          Indexes.NONE);

  public static final DeclaredOption<List<String>> QUERY =
      DeclaredOption.someOf(
          "--query",
          "NAME",
          "the analytics queries to run in turn, repeatable or comma-separated, of: "
              + String.join(", ", AnalyticsQuery.names())
              + ".",
          String.join(",", AnalyticsQuery.names()),
          AnalyticsQuery.names());

  public Analytics() {
    super(NAME, "join, group-by, grouping-sets, rollup, cube and pivot over orders");
  }

  @Override
  public String dataSet() {
    return DATA_SET;
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return List.of(SCALE, INDEXES, QUERY);
  }

  @Override
  public Optional<DeclaredOption<?>> dataVolume() {
    return Optional.of(SCALE);
  }

  @Override
  public Optional<List<String>> operations(OptionValues values) {
    return Optional.of(values.get(QUERY));
  }

  /**
   * A minute, and 15 more per unit of scale: at scale 1 the slowest query took 10 s on MariaDB here
   * (grouping sets through UNION ALL, with the keys indexed) and 43 s on the emulator.
   */
  @Override
  public java.time.Duration patience(OptionValues values) {
    BigDecimal seconds = values.get(SCALE).multiply(BigDecimal.valueOf(900));
    return PATIENCE.plusSeconds(seconds.setScale(0, java.math.RoundingMode.CEILING).longValue());
  }

  /** The queries chosen, in the order they run. */
  public static List<AnalyticsQuery> queries(OptionValues values) {
    return values.get(QUERY).stream().map(AnalyticsQuery::named).toList();
  }

  /** The data of {@code seed} at the chosen scale. */
  public static AnalyticsData data(OptionValues values, long seed) {
    return new AnalyticsData(seed, values.get(SCALE));
  }

  public static Indexes indexes(OptionValues values) {
    return values.get(INDEXES);
  }

  /**
   * The rows each table holds when loaded: what {@code --skip-setup} expects to find, and verify
   * after the run.
   */
  public static Map<String, Long> expectedRows(AnalyticsData data) {
    return Map.of(
        "customer", (long) data.customers(),
        "sales", (long) data.salespeople(),
        "product", (long) data.products(),
        "ord", data.orders());
  }

  /**
   * The verdict: the tables hold what was loaded, before and after (the run reads only); each
   * answer with a grand total counts every order; and the answers, recorded for {@code compare}.
   */
  public Verification verify(AnalyticsEvidence run) {
    AnalyticsData data = data(run.options(), run.seed());
    Map<String, Long> expected = expectedRows(data);
    Map<String, Long> figures = Invariants.figures(run.tally());
    List<String> anomalies = new ArrayList<>();
    for (String table : TABLES) {
      Long after = run.after().get(table);
      figures.put(table + " rows", after);
      if (!Objects.equals(expected.get(table), after)) {
        anomalies.add(
            table
                + " holds "
                + after
                + " rows, the data of seed "
                + run.seed()
                + " at scale "
                + data.scale().toPlainString()
                + " has "
                + expected.get(table));
      } else if (!Objects.equals(after, run.before().get(table))) {
        anomalies.add(
            table + " changed during a read-only run: " + run.before().get(table) + " -> " + after);
      }
    }
    for (Answer answer : run.answers()) {
      grandTotal(answer)
          .filter(orders -> orders != data.orders())
          .ifPresent(
              orders ->
                  anomalies.add(
                      orders < 0
                          ? answer.query() + "'s answer has no grand-total row"
                          : answer.query()
                              + "'s grand total counts "
                              + orders
                              + " orders, not the "
                              + data.orders()
                              + " loaded"));
    }
    return Verification.of(figures, anomalies).withAnswers(run.answers());
  }

  /** The orders of an answer's grand-total row (every name null), if its query has one. */
  private static Optional<Long> grandTotal(Answer answer) {
    AnalyticsQuery query = AnalyticsQuery.named(answer.query());
    if (!query.hasGrandTotal()) {
      return Optional.empty();
    }
    int names = query.columns().indexOf("orders");
    String prefix = String.join("\t", java.util.Collections.nCopies(names, Answer.NULL)) + "\t";
    return answer.rows().stream()
        .filter(row -> row.startsWith(prefix))
        .findFirst()
        .map(row -> Long.parseLong(row.split("\t")[names]))
        .or(() -> Optional.of(-1L));
  }
}
