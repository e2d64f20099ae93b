package io.txbench.jdbc.workloads;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.spi.Answer;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Analytics;
import io.txbench.core.workloads.AnalyticsEvidence;
import io.txbench.core.workloads.AnalyticsQuery;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.client.TableLoader;
import io.txbench.jdbc.schema.AnalyticsSchema;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.schema.SqlCatalog;
import io.txbench.jdbc.schema.SqlQueries;
import io.txbench.jdbc.schema.TableDef;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * {@link Analytics} on SQL: the order tables loaded from {@link AnalyticsData} with the dialect's
 * fast path, and each iteration one of the chosen queries ({@link AnalyticsSql}), every row and
 * column read, described step by step ({@link SqlSteps}) so that either PostgreSQL client runs it.
 * A query reads only: no transaction, as a point select has none.
 */
public final class AnalyticsWorkload extends SqlWorkload<Analytics> {
  private final AnalyticsData data;
  private final Analytics.Indexes indexes;
  private final List<AnalyticsQuery> queries;
  private final List<String> statements;
  private final AtomicInteger turn = new AtomicInteger();
  private @Nullable Map<String, Long> before; // taken by beforeRun

  public AnalyticsWorkload(
      JdbcTarget target, Analytics kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    this.data = Analytics.data(options.declared(), options.seed());
    this.indexes = Analytics.indexes(options.declared());
    this.queries = Analytics.queries(options.declared());
    this.statements = new AnalyticsSql(target.dialect()).statements(queries);
  }

  /** Records every table at the number of orders, the scale {@link #attach} compares. */
  @Override
  public void prepare(Progress progress) throws SQLException, SetupException, InterruptedException {
    List<TableDef> tables = AnalyticsSchema.tables(indexes);
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.recreate(c, tables, kind.dataSet(), data.orders(), options.seed());
    }
    new TableLoader(target).load(AnalyticsSchema.loads(data), "loading analytics", progress);
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.finish(c, tables);
    }
  }

  /**
   * The tables must be txbench's, loaded completely from this seed at this scale: the answers it
   * checks are this data's, so it refuses other data whether the options were given or not.
   */
  @Override
  public OptionValues attach() throws SQLException, SetupException {
    try (Connection c = target.controlConnection()) {
      for (TableDef table : AnalyticsSchema.SHAPES) {
        long orders = registry.attach(c, table);
        long seed = registry.seed(c, table);
        if (orders != data.orders() || seed != options.seed()) {
          throw new SetupException(
              "the analytics tables in database '"
                  + c.getCatalog()
                  + "' hold the data of --seed "
                  + seed
                  + " at --scale "
                  + scaleOf(orders)
                  + " ("
                  + orders
                  + " orders), not of --seed "
                  + options.seed()
                  + " at --scale "
                  + data.scale().toPlainString()
                  + " ("
                  + data.orders()
                  + "): run once without --skip-setup to load them, or pass those options");
        }
      }
      requireIndexes(c);
      Map<String, Long> rows = rows(c);
      if (!rows.equals(Analytics.expectedRows(data))) {
        throw new SetupException(
            "the analytics tables in database '"
                + c.getCatalog()
                + "' hold "
                + rows
                + " rows, not the "
                + Analytics.expectedRows(data)
                + " they were loaded with: run once without --skip-setup to load them anew");
      }
      target.commitIfNeeded(c);
    }
    return OptionValues.defaults();
  }

  /** The foreign-key columns of {@code ord} are indexed as {@code --indexes} says. */
  private void requireIndexes(Connection c) throws SQLException, SetupException {
    Set<String> keys = new TreeSet<>(SqlCatalog.indexedColumns(c, "ord"));
    keys.retainAll(AnalyticsSchema.KEY_COLUMNS);
    boolean indexed = keys.equals(AnalyticsSchema.KEY_COLUMNS);
    if (indexed != (indexes == Analytics.Indexes.KEYS)) {
      throw new SetupException(
          "ord in database '"
              + c.getCatalog()
              + "' has "
              + (keys.isEmpty() ? "no index on " : "indexes on " + keys + " of ")
              + String.join(", ", AnalyticsSchema.KEY_COLUMNS)
              + ", not what --indexes "
              + indexes.name().toLowerCase(java.util.Locale.ROOT)
              + " asks: run once without --skip-setup to make them so");
    }
  }

  private static String scaleOf(long orders) {
    return BigDecimal.valueOf(orders, 6).stripTrailingZeros().toPlainString();
  }

  @Override
  public void beforeRun() throws SQLException {
    try (Connection c = target.controlConnection()) {
      before = rows(c);
      target.commitIfNeeded(c);
    }
  }

  @Override
  public List<String> statements() {
    return statements;
  }

  /**
   * The next query of the chosen ones, the workers taking them in turn between them, so that
   * workers side by side run different queries and each runs as often as the others: every row and
   * column of its answer read, which nothing checks during the run (verify compares the answers).
   */
  @Override
  public SqlIteration begin(Worker worker) {
    int query = Math.floorMod(turn.getAndIncrement(), queries.size());
    worker.operation(query);
    return SqlIteration.of(
        SqlStatement.read(statements.get(query), parameters(queries.get(query))), rows -> {});
  }

  /** The parameters of {@code query}'s statement, in order. */
  private Object[] parameters(AnalyticsQuery query) {
    return query == AnalyticsQuery.JOIN ? new Object[] {data.joinCustomer()} : new Object[0];
  }

  /**
   * Reads every row and column of {@code query}'s result {@code rs} as {@link Answer#of} takes
   * them; fails unless it has the query's columns.
   */
  private static List<List<Object>> rows(ResultSet rs, AnalyticsQuery query) throws SQLException {
    int columns = rs.getMetaData().getColumnCount();
    if (columns != query.columns().size()) {
      throw new SQLException(
          query.queryName() + " returned " + columns + " columns, not " + query.columns());
    }
    List<List<Object>> rows = new ArrayList<>();
    while (rs.next()) {
      List<Object> row = new ArrayList<>(columns);
      for (int i = 1; i <= columns; i++) {
        Object cell = rs.getObject(i);
        row.add(cell == null || cell instanceof Number ? cell : cell.toString());
      }
      rows.add(row);
    }
    return rows;
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    Map<String, Long> counted = before;
    if (counted == null) {
      throw new IllegalStateException("verify needs the rows beforeRun counts");
    }
    Map<String, Long> after;
    try (Connection c = target.controlConnection()) {
      after = rows(c);
      target.commitIfNeeded(c);
    }
    List<Answer> answers = new ArrayList<>();
    try (Connection c = target.controlConnection()) {
      for (int i = 0; i < queries.size(); i++) {
        AnalyticsQuery query = queries.get(i);
        try (PreparedStatement statement = c.prepareStatement(statements.get(i))) {
          Object[] parameters = parameters(query);
          for (int p = 0; p < parameters.length; p++) {
            statement.setObject(p + 1, parameters[p]);
          }
          try (ResultSet rs = statement.executeQuery()) {
            answers.add(Answer.of(query.queryName(), query.columns(), rows(rs, query)));
          }
        }
      }
      target.commitIfNeeded(c);
    }
    return kind.verify(
        new AnalyticsEvidence(counted, after, tally, options.declared(), options.seed(), answers));
  }

  /** The rows of each table, by name. */
  private static Map<String, Long> rows(Connection c) throws SQLException {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String table : Analytics.TABLES) {
      rows.put(table, SqlQueries.single(c, "SELECT COUNT(*) FROM " + table));
    }
    return rows;
  }
}
