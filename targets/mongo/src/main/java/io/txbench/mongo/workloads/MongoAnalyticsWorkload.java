package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
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
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.schema.MongoAnalyticsLoad;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.jspecify.annotations.Nullable;

/**
 * The analytics queries ({@link Analytics}) on MongoDB: the collections {@code customer}, {@code
 * sales}, {@code product} and {@code ord} loaded from {@link AnalyticsData} ({@link
 * MongoAnalyticsLoad}), and each iteration one of the chosen queries' pipelines ({@link
 * MongoAnalyticsPipelines}) on {@code ord}, its whole cursor read. A worker takes the queries in
 * turn from its own index on, so that each runs as often. It reads only: no transactions.
 */
public final class MongoAnalyticsWorkload
    extends MongoWorkload<Analytics, MongoAnalyticsWorkload.Turns> {
  private final AnalyticsData data;
  private final Analytics.Indexes indexes;
  private final List<AnalyticsQuery> queries;
  private final List<List<Document>> pipelines;
  private final MongoCollection<Document> ord;
  private @Nullable Map<String, Long> before; // taken by beforeRun

  public MongoAnalyticsWorkload(MongoTarget target, Analytics kind, WorkloadOptions options) {
    super(target, kind, options);
    this.data = Analytics.data(options.declared(), options.seed());
    this.indexes = Analytics.indexes(options.declared());
    this.queries = Analytics.queries(options.declared());
    this.pipelines =
        queries.stream().map(q -> MongoAnalyticsPipelines.of(q, data.joinCustomer())).toList();
    this.ord = target.database().getCollection("ord");
  }

  @Override
  public void prepare(Progress progress) throws SetupException, InterruptedException {
    registry.recreate(Analytics.TABLES, kind.dataSet(), data.orders(), options.seed());
    new MongoAnalyticsLoad(target.database(), data).load(progress, indexes);
    registry.finish(Analytics.TABLES);
  }

  /**
   * Checks the collections are txbench's, loaded completely with this seed and scale, hold the rows
   * that data has, and have the indexes asked for.
   */
  @Override
  public OptionValues attach() throws SetupException {
    String scale = data.scale().toPlainString();
    for (String name : Analytics.TABLES) {
      long orders = registry.attach(name);
      long seed = registry.recorded(name, "seed");
      if (orders != data.orders() || seed != options.seed()) {
        throw new SetupException(
            String.format(
                "collection '%s' holds the analytics data of %d orders and seed %d, not that of"
                    + " --scale %s and --seed %d (%d orders): run once without --skip-setup to"
                    + " load it",
                name, orders, seed, scale, options.seed(), data.orders()));
      }
    }
    Map<String, Long> expected = Analytics.expectedRows(data);
    Map<String, Long> found = rows();
    for (String name : Analytics.TABLES) {
      Long count = found.get(name); // there: rows() counts every table
      if (count == null || !count.equals(expected.get(name))) {
        throw new SetupException(
            String.format(
                "collection '%s' holds %d documents, the analytics data of --scale %s has %d:"
                    + " run once without --skip-setup to load it anew",
                name, found.get(name), scale, expected.get(name)));
      }
    }
    Analytics.Indexes present = MongoAnalyticsLoad.indexes(ord);
    if (present != indexes) {
      throw new SetupException(
          "collection 'ord' has "
              + (present == Analytics.Indexes.KEYS
                  ? "an index on each key"
                  : present == Analytics.Indexes.NONE
                      ? "no index on its keys"
                      : "an index on some keys")
              + ", and this run asks --indexes "
              + indexes.name().toLowerCase(java.util.Locale.ROOT)
              + ": run once without --skip-setup to load it so");
    }
    return OptionValues.defaults();
  }

  @Override
  public void beforeRun() {
    before = rows();
  }

  @Override
  public Turns openSession(Worker worker) {
    return new Turns(MongoSession.open(target, worker, false), worker.index() % queries.size());
  }

  /**
   * Runs the worker's next query: its pipeline, every document of its cursor read (decoded, every
   * field), one read counted.
   */
  @Override
  public void iteration(Worker worker, Turns turns) {
    int query = turns.next(queries.size());
    worker.operation(query);
    try (var cursor = turns.session.aggregate(ord, pipelines.get(query)).cursor()) {
      while (cursor.hasNext()) {
        cursor.next();
      }
    }
  }

  @Override
  public Verification verify(Tally tally) {
    Map<String, Long> counted = before;
    if (counted == null) {
      throw new IllegalStateException("verify needs the documents beforeRun counts");
    }
    Map<String, Long> after = rows();
    List<Answer> answers = new ArrayList<>();
    for (AnalyticsQuery query : queries) {
      answers.add(answer(query));
    }
    return kind.verify(
        new AnalyticsEvidence(counted, after, tally, options.declared(), options.seed(), answers));
  }

  /**
   * The canonical answer of {@code query} as the server gives it now; package-private for tests.
   */
  public Answer answer(AnalyticsQuery query) {
    return MongoAnalyticsAnswers.of(
        query, ord.aggregate(MongoAnalyticsPipelines.of(query, data.joinCustomer())));
  }

  /** The documents in each of the four collections. */
  private Map<String, Long> rows() {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String name : Analytics.TABLES) {
      rows.put(name, target.database().getCollection(name).countDocuments());
    }
    return rows;
  }

  /** One worker's session, without transactions, and its place in the turn of queries. */
  static final class Turns implements AutoCloseable {
    private final MongoSession session;
    private int next;

    Turns(MongoSession session, int first) {
      this.session = session;
      this.next = first;
    }

    /** The index of the query to run now, moving on to the one after it. */
    int next(int queries) {
      int now = next;
      next = (next + 1) % queries;
      return now;
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
