package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.TargetFixtures;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.Update;
import io.txbench.mongo.client.MongoSettings;
import io.txbench.mongo.workloads.MongoAirlineWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The workloads against a MongoDB server, each test in a database of its own; assertions read the
 * effects back. Subclasses add the kinds of issue 14 ({@link MongoOltpContract}, {@link
 * MongoMixContract}); the last of them says where the server is and whether it has transactions.
 */
abstract class MongoWorkloadsContract {
  final MongoBinding provider = new MongoBinding();
  private String databaseName;
  private MongoClient client;
  MongoDatabase db;

  /** The connection string of the server under test, without a database. */
  abstract String serverUri();

  /** Whether the server is a replica set (transactions) or not. */
  abstract boolean transactions();

  /**
   * The settings this server tells ({@link MongoSettings}), in their order: a replica set of a real
   * MongoDB tells all of them.
   */
  List<String> settingsTold() {
    return List.of(
        "version",
        "storageEngine.name",
        "wiredTiger.cache.maximum bytes configured",
        "setName",
        "hosts",
        "defaultWriteConcern");
  }

  @BeforeEach
  void connect() {
    databaseName = "txbench_it_" + UUID.randomUUID().toString().substring(0, 8);
    client = MongoClients.create(serverUri());
    db = client.getDatabase(databaseName);
  }

  @AfterEach
  void dropDatabase() {
    db.drop();
    client.close();
  }

  TargetOptions target(int connections) {
    String uri = serverUri();
    int query = uri.indexOf('?');
    String withDb =
        query < 0
            ? (uri.endsWith("/") ? uri : uri + "/") + databaseName
            : uri.substring(0, query).replaceAll("/?$", "/") + databaseName + uri.substring(query);
    return targetAt(withDb, connections);
  }

  /** The server at {@code url}, a database named, through {@code connections} connections. */
  static TargetOptions targetAt(String url, int connections) {
    return TargetFixtures.at(url, connections, Duration.ofSeconds(10), OptionValues.defaults());
  }

  private WorkloadOptions workload(String name, long tableSize, boolean noTransaction) {
    return WorkloadFixtures.options(name, tableSize, 42, noTransaction, 0);
  }

  WorkloadRun.Outcome run(WorkloadOptions options, int threads, long iterations, boolean prepare)
      throws Exception {
    return WorkloadRun.run(provider, target(threads), options, iterations, prepare);
  }

  long count(String collection) {
    return db.getCollection(collection).countDocuments();
  }

  @Test
  void theSettingsThatDecideResultsAreReadWhereTheServerTellsThem() throws Exception {
    try (io.txbench.core.spi.Target t =
        provider.open(target(1), workload(PointSelect.NAME, 1, false)).target()) {
      Map<String, String> s = t.serverSettings();
      assertEquals(settingsTold(), List.copyOf(s.keySet()), s.toString());
      assertEquals("MongoDB " + s.get("version"), t.serverVersion());
      if (s.containsKey("wiredTiger.cache.maximum bytes configured")) {
        assertEquals("wiredTiger", s.get("storageEngine.name"));
        assertTrue(
            Long.parseLong(s.get("wiredTiger.cache.maximum bytes configured")) > 0, s.toString());
      }
      if (s.containsKey("hosts")) {
        assertTrue(Integer.parseInt(s.get("hosts")) >= 1, s.toString());
      }
      if (s.containsKey("defaultWriteConcern")) {
        assertTrue(s.get("defaultWriteConcern").contains("\"w\""), s.toString());
      }
    }
  }

  @Test
  void pointSelectCountsOneReadPerIteration() throws Exception {
    WorkloadRun.Outcome o = run(workload(PointSelect.NAME, 500, false), 2, 300, true);
    assertEquals(300, o.result().outcomes().iterations(), o.describe());
    assertEquals(new Queries(300, 0, 0), o.result().breakdown().queries(), o.describe());
  }

  @Test
  void airlineBooksOneSeatOnePaymentAndOneAuditIncrementPerIteration() throws Exception {
    WorkloadRun.Outcome o = run(workload(Airline.NAME, 0, !transactions()), 4, 400, true);
    assertEquals(400, o.result().outcomes().iterations());
    assertEquals(0, o.result().outcomes().errors());
    assertEquals(15_000, count("schedule"));
    assertEquals(200, count("aircraft"));
    assertEquals(400, count("seat"));
    assertEquals(400, count("payment"));
    long occupied = 0;
    for (Document audit : db.getCollection("audit").find()) {
      occupied += audit.getInteger("seats_occupied");
    }
    assertEquals(400, occupied);
    assertEquals(400L, o.verification().figures().get("seats_booked"));
    if (transactions()) {
      assertTrue(o.verification().passed(), o.verification().anomalies().toString());
    }
    // Counted by the session. In a transaction: the flight and its audit read, the seat, the
    // payment
    // and the audit written, BEGIN and COMMIT, once per attempt. Without: the flight read, the
    // audit's increment (once more when a concurrent buyer created it first), the seat, the
    // payment.
    Queries q = o.result().breakdown().queries();
    if (transactions()) {
      assertTrue(
          q.reads() >= 2 * 400 && q.writes() >= 3 * 400 && q.others() >= 2 * 400, q::toString);
    } else {
      assertEquals(400, q.reads(), q::toString);
      assertTrue(q.writes() >= 3 * 400, q::toString);
      assertEquals(0, q.others(), q::toString);
    }
    // Audits are found by _id ("schedule/day"): an index on their fields would only cost writes.
    assertEquals(
        List.of(new Document("_id", 1)),
        db.getCollection("audit")
            .listIndexes()
            .map(i -> i.get("key", Document.class))
            .into(new ArrayList<>()));
  }

  @Test
  void aFullFlightEndsTheIterationAsSoldOutWithoutWritingAnything() throws Exception {
    // One flight on one day, more buyers than any aircraft has seats. Without transactions
    // concurrent buyers could oversell: one buyer then.
    WorkloadOptions oneFlight = WorkloadFixtures.options(Airline.NAME, 0, 42, !transactions(), 1);
    WorkloadRun.Outcome o =
        WorkloadRun.run(provider, target(transactions() ? 4 : 1), oneFlight, 500, true, 1_000);
    System.out.println("mongo one flight, 500 buyers: " + o.describe());
    Document flight = db.getCollection("schedule").find(new Document("_id", 1L)).first();
    long capacity =
        db.getCollection("aircraft")
            .find(new Document("_id", flight.getString("aircraft")))
            .first()
            .getInteger("capacity");
    assertEquals(500, o.result().outcomes().iterations(), o.describe());
    assertEquals(500 - capacity, o.result().outcomes().declined(), o.describe());
    assertEquals(capacity, count("seat"));
    assertEquals(capacity, count("payment"));
    long occupied = db.getCollection("audit").find().first().getInteger("seats_occupied");
    assertEquals(capacity, occupied);
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(0L, o.verification().figures().get("seats_over_capacity"));
  }

  @Test
  void verifyCountsTheSeatsSoldPastCapacity() throws Exception {
    WorkloadOptions oneFlight = WorkloadFixtures.options(Airline.NAME, 0, 42, !transactions(), 1);
    WorkloadRun.run(provider, target(1), oneFlight, 10, true);
    // As if an earlier, careless run had sold 3 seats past capacity: it is not this run's doing.
    Document flight = db.getCollection("schedule").find(new Document("_id", 1L)).first();
    int capacity =
        db.getCollection("aircraft")
            .find(new Document("_id", flight.getString("aircraft")))
            .first()
            .getInteger("capacity");
    db.getCollection("audit")
        .updateOne(
            new Document(), new Document("$set", new Document("seats_occupied", capacity + 3)));
    try (OpenTarget<?, ?> t = provider.open(target(1), oneFlight)) {
      MongoAirlineWorkload w = (MongoAirlineWorkload) t.workload(oneFlight);
      assertEquals(3, w.counts().seatsOverCapacity());
    }
    WorkloadRun.Outcome o = WorkloadRun.run(provider, target(1), oneFlight, 10, false);
    assertEquals(10, o.result().outcomes().declined(), o.describe());
    assertEquals(0L, o.verification().figures().get("seats_over_capacity"), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void airlineWithTransactionsOnAStandaloneServerSaysWhatToDo() {
    if (transactions()) {
      return;
    }
    TargetUnavailableException e =
        assertThrows(
            TargetUnavailableException.class,
            () -> provider.open(target(1), workload(Airline.NAME, 0, false)));
    assertTrue(String.valueOf(e.getMessage()).contains("replica set"), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains("--disable-transaction"), e.getMessage());
  }

  @Test
  void pointSelectReadsWithoutChangingAnything() throws Exception {
    WorkloadRun.Outcome o = run(workload(PointSelect.NAME, 2_000, false), 4, 1_000, true);
    assertEquals(1_000, o.result().outcomes().iterations());
    assertEquals(0, o.result().outcomes().errors());
    assertEquals(2_000, count("item"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void insertAddsOneDocumentPerIterationAcrossRuns() throws Exception {
    run(workload(Insert.NAME, 1_000, false), 4, 300, true);
    WorkloadRun.Outcome second = run(workload(Insert.NAME, 1_000, false), 4, 300, false);
    assertEquals(300, second.result().outcomes().iterations());
    assertEquals(1_600, count("item"));
    assertTrue(second.verification().passed(), second.verification().anomalies().toString());
  }

  @Test
  void updateChangesOneDocumentPerIteration() throws Exception {
    WorkloadRun.Outcome o = run(workload(Update.NAME, 50, false), 8, 2_000, true);
    long total = 0;
    for (Document d : db.getCollection("item").find()) {
      total += d.getLong("updates");
    }
    assertEquals(o.result().outcomes().iterations(), total);
    assertEquals(2_000, o.result().outcomes().iterations() + o.result().outcomes().errors());
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void prepareRefusesACollectionItDidNotCreate() {
    db.getCollection("item").insertOne(new Document("_id", 1).append("note", "precious"));
    SetupException e =
        assertThrows(
            SetupException.class, () -> run(workload(PointSelect.NAME, 100, false), 1, 1, true));
    assertTrue(String.valueOf(e.getMessage()).contains("'item'"), e.getMessage());
    assertEquals(1, db.getCollection("item").countDocuments(new Document("note", "precious")));
    List<String> names = db.listCollectionNames().into(new ArrayList<>());
    assertTrue(names.contains("item"));
  }

  @Test
  void skipSetupWithoutDataSaysWhatToDo() {
    SetupException e =
        assertThrows(
            SetupException.class, () -> run(workload(Update.NAME, 100, false), 1, 1, false));
    assertTrue(String.valueOf(e.getMessage()).contains("without --skip-setup"), e.getMessage());
  }

  io.txbench.core.spi.Dropped drop() throws Exception {
    try (OpenTarget<?, ?> t = provider.open(target(1), workload(PointSelect.NAME, 1, false))) {
      return t.dropOwned();
    }
  }

  @Test
  void aUserCollectionNamedLikeTheRecordIsNeitherTrustedNorTouched() {
    db.getCollection("txbench_meta")
        .insertOne(new Document("_id", "orders").append("owner", "finance"));
    db.getCollection("orders").insertOne(new Document("_id", 1));
    SetupException e = assertThrows(SetupException.class, this::drop);
    assertTrue(String.valueOf(e.getMessage()).contains("is not txbench's record"), e.getMessage());
    assertThrows(
        SetupException.class, () -> run(workload(PointSelect.NAME, 100, false), 1, 1, true));
    assertEquals(1, count("orders"));
    assertEquals(1, count("txbench_meta"));
    assertTrue(!db.listCollectionNames().into(new ArrayList<>()).contains("item"));
  }

  @Test
  void forgedRecordEntriesMakeTxbenchNeitherReplaceNorDropAUsersCollections() throws Exception {
    run(workload(PointSelect.NAME, 100, false), 1, 1, true);
    db.getCollection("item").drop();
    db.getCollection("item").insertOne(new Document("_id", 1).append("note", "precious"));
    db.getCollection("customers").insertOne(new Document("_id", 7));
    db.getCollection("txbench_meta")
        .insertOne(
            new Document("_id", "customers")
                .append("record", "txbench/2")
                .append("group", "items")
                .append("scale", 1L)
                .append("state", "complete"));
    SetupException e =
        assertThrows(
            SetupException.class, () -> run(workload(PointSelect.NAME, 100, false), 1, 1, true));
    assertTrue(String.valueOf(e.getMessage()).contains("'item'"), e.getMessage());
    io.txbench.core.spi.Dropped dropped = drop();
    assertEquals(List.of("customers", "item"), dropped.leftAlone().stream().sorted().toList());
    assertEquals(1, db.getCollection("item").countDocuments(new Document("note", "precious")));
    assertEquals(1, count("customers"));
  }

  @Test
  void dataWhoseLoadDidNotFinishIsRefusedAndLoadedAnewByTheNextPrepare() throws Exception {
    run(workload(Insert.NAME, 500, false), 1, 1, true);
    db.getCollection("txbench_meta")
        .updateOne(
            new Document("_id", "item"), new Document("$set", new Document("state", "loading")));
    SetupException e =
        assertThrows(
            SetupException.class, () -> run(workload(Insert.NAME, 500, false), 1, 1, false));
    assertTrue(
        String.valueOf(e.getMessage()).contains("was not loaded completely"), e.getMessage());
    run(workload(Insert.NAME, 500, false), 1, 10, true);
    run(workload(Insert.NAME, 500, false), 1, 10, false);
    assertEquals(520, count("item"));
  }

  @Test
  void aPrepareIsRefusedWhileAnotherTxbenchRunsOnTheCollections() throws Exception {
    run(workload(Update.NAME, 100, false), 1, 1, true);
    try (OpenTarget<?, ?> t = provider.open(target(1), workload(Update.NAME, 100, false))) {
      io.txbench.core.spi.Workload<?, ?> w = t.workload(workload(Update.NAME, 100, false));
      try (io.txbench.core.spi.server.Lease running =
          w.lease(io.txbench.core.spi.server.LeaseMode.SHARED)) {
        io.txbench.core.spi.LeaseRefusedException refused =
            assertThrows(
                io.txbench.core.spi.LeaseRefusedException.class,
                () -> w.lease(io.txbench.core.spi.server.LeaseMode.EXCLUSIVE));
        assertTrue(
            String.valueOf(refused.getMessage()).contains("running on the items tables"),
            refused.getMessage());
      }
      w.lease(io.txbench.core.spi.server.LeaseMode.EXCLUSIVE).close();
    }
  }
}
