package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.txbench.core.ownership.Leases;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.mongo.client.MongoNumbers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.Document;
import org.jspecify.annotations.Nullable;

/**
 * txbench's record of what it created in a database: the collection {@code txbench_meta}, one
 * document per collection, signed {@code txbench/2}, with whether its load finished. txbench
 * recognises its record by the signature, and a collection as its own only when the record lists
 * it, its name is one of txbench's, and its documents have txbench's fields: anything else in the
 * way stops it, touching nothing.
 */
public final class MongoRegistry {
  public static final String META = "txbench_meta";
  static final String SIGNATURE = "txbench/2";
  private static final Set<String> FIRST_FIELDS =
      Set.of("_id", "workload", "scale", "seed", "toolVersion", "createdAt");
  private final MongoDatabase database;
  private final String toolVersion;

  public MongoRegistry(MongoDatabase database, String toolVersion) {
    this.database = database;
    this.toolVersion = toolVersion;
  }

  /** {@code collection 'name' in database 'db'}, as messages name a collection. */
  static String named(MongoDatabase database, String collection) {
    return "collection '" + collection + "' in database '" + database.getName() + "'";
  }

  private Set<String> collections() {
    return database.listCollectionNames().into(new HashSet<>());
  }

  private MongoCollection<Document> meta() {
    return database.getCollection(META);
  }

  /** Makes sure the record is txbench's: converts the first version's, refuses a foreign one. */
  void ensure() throws SetupException {
    if (!collections().contains(META)) {
      return;
    }
    for (Document d : meta().find(Filters.ne("record", SIGNATURE))) {
      if (!d.keySet().equals(FIRST_FIELDS)) {
        throw new SetupException(
            "the "
                + named(database, META)
                + " is not txbench's record (its documents are not txbench's):"
                + " nothing was touched; use another --target-database-name, or rename it yourself");
      }
    }
    // The first record did not say whether a load finished: its collections are to be loaded anew.
    meta()
        .updateMany(
            Filters.ne("record", SIGNATURE),
            Updates.combine(
                Updates.set("record", SIGNATURE),
                Updates.set("state", "unknown"),
                Updates.rename("workload", "group")));
  }

  /**
   * Takes a lease on a group of collections; a shared one where there is no record guards nothing,
   * and attach says what to do.
   */
  public Lease lease(String group, LeaseMode mode) throws SetupException {
    if (mode == LeaseMode.SHARED && !collections().contains(META)) {
      return Lease.none();
    }
    ensure();
    MongoLeaseStore store = new MongoLeaseStore(database);
    store.ensure();
    return Leases.acquire(store, group, mode);
  }

  /** Drops the collections where they are txbench's and creates them anew, recorded as loading. */
  public void recreate(List<String> names, String group, long scale, long seed)
      throws SetupException {
    ensure();
    Set<String> existing = collections();
    for (String name : names) {
      if (existing.contains(name)) {
        requireOwn(name);
      }
    }
    for (String name : names) {
      if (existing.contains(name)) {
        database.getCollection(name).drop();
      }
      meta().deleteOne(Filters.eq("_id", name));
      database.createCollection(name);
      meta()
          .insertOne(
              new Document("_id", name)
                  .append("record", SIGNATURE)
                  .append("group", group)
                  .append("scale", scale)
                  .append("seed", seed)
                  .append("toolVersion", toolVersion)
                  .append("state", "loading")
                  .append("createdAt", Instant.now()));
    }
  }

  private void requireOwn(String name) throws SetupException {
    if (meta().find(Filters.eq("_id", name)).first() == null) {
      throw new SetupException(
          "collection '"
              + name
              + "' already exists in database '"
              + database.getName()
              + "' and was not created by txbench: it is left untouched;"
              + " use another --target-database-name, or drop or rename it yourself");
    }
    if (!shapedAsOwn(name)) {
      throw new SetupException(
          named(database, name)
              + " is listed in txbench's record but its documents are not txbench's: it is left"
              + " untouched; use another --target-database-name");
    }
  }

  /** Whether a document of the collection (any, if it has one) has exactly txbench's fields. */
  private boolean shapedAsOwn(String name) {
    Document sample = database.getCollection(name).find().first();
    return sample == null || MongoCollections.shapedAsOwn(name, sample.keySet());
  }

  /**
   * Why the collections {@code names} cannot grow to {@code scale} documents each, keeping theirs;
   * null when they can. They must be as a complete load of {@code seed} left them, their documents
   * with {@code fields}, and hold the {@code _id}s 1 to the recorded scale and no other (a run's
   * inserts or deletes since leave data no load of any size would have).
   */
  public @Nullable String whyNotGrowable(
      List<String> names, long seed, long scale, Set<String> fields) throws SetupException {
    Set<String> existing = collections();
    if (!existing.contains(META)) {
      return "there is no txbench record of the data in this database";
    }
    ensure();
    Long rows = null;
    for (String name : names) {
      Document entry = meta().find(Filters.eq("_id", name)).first();
      String collection = "collection " + name;
      if (entry == null || !existing.contains(name)) {
        return collection + " is not there, or not in txbench's record";
      }
      long recorded = MongoNumbers.at(entry, "scale");
      Document sample = database.getCollection(name).find().first();
      if (!"complete".equals(entry.getString("state"))) {
        return collection + " was not loaded completely";
      }
      if (MongoNumbers.at(entry, "seed") != seed) {
        return collection + " was loaded with --seed " + entry.get("seed") + ", not " + seed;
      }
      if (sample != null && !sample.keySet().equals(fields)) {
        return collection + " has documents of other fields than this run's";
      }
      if (rows != null && rows != recorded) {
        return "the collections hold different numbers of documents";
      }
      rows = recorded;
      if (recorded >= scale) {
        return collection + " holds " + recorded + " documents already, and a growth adds some";
      }
      String changed = changedSinceLoaded(database.getCollection(name), recorded);
      if (changed != null) {
        return collection + changed;
      }
    }
    return null;
  }

  /** How {@code c} differs from the {@code _id}s 1 to {@code loaded}; null when it does not. */
  private static @Nullable String changedSinceLoaded(MongoCollection<Document> c, long loaded) {
    long count = c.countDocuments();
    if (count < loaded) {
      return " holds "
          + count
          + " documents, fewer than the "
          + loaded
          + " loaded (a run deleted some)";
    }
    Document last = c.find().sort(new Document("_id", -1)).limit(1).first();
    Object largest = last == null ? 0L : last.get("_id");
    if (count > loaded || !(largest instanceof Number n) || n.longValue() > loaded) {
      return " holds documents past the " + loaded + " loaded (a run inserted some)";
    }
    return null;
  }

  /**
   * Records the collections as loading again, with {@code scale} documents each once their growth
   * finishes: a growth cut short leaves them to be loaded afresh, as a load cut short does.
   */
  public void growing(List<String> names, long scale) {
    meta()
        .updateMany(
            Filters.in("_id", names),
            Updates.combine(
                Updates.set("state", "loading"),
                Updates.set("scale", scale),
                Updates.unset("completedAt")));
  }

  /** Records the collections complete, once their load and indexes finished. */
  public void finish(List<String> names) {
    meta()
        .updateMany(
            Filters.in("_id", names),
            Updates.combine(
                Updates.set("state", "complete"), Updates.set("completedAt", Instant.now())));
  }

  /** The scale recorded for a collection txbench made and loaded completely. */
  public long attach(String name) throws SetupException {
    if (!collections().contains(name)) {
      throw new SetupException(
          "collection '"
              + name
              + "' does not exist in database '"
              + database.getName()
              + "': run once without --skip-setup to create and load it");
    }
    ensure();
    requireOwn(name);
    Document entry = meta().find(Filters.eq("_id", name)).first();
    if (!"complete".equals(entry.getString("state"))) {
      throw new SetupException(
          named(database, name)
              + " was not loaded completely (its prepare was interrupted, or an older txbench made"
              + " it): run once without --skip-setup to load it anew");
    }
    return MongoNumbers.at(entry, "scale");
  }

  /**
   * The number recorded at {@code field} ({@code scale}, {@code seed}) for a collection txbench
   * made; call after {@link #attach} or {@link #whyNotGrowable}, which find it.
   */
  public long recorded(String name, String field) {
    Document entry = meta().find(Filters.eq("_id", name)).first();
    return entry == null ? 0 : MongoNumbers.at(entry, field);
  }

  /**
   * Drops the collections the record lists that are txbench's, then the record, and nothing else;
   * adds to {@code leftAlone} what the record lists but is not txbench's.
   */
  public List<String> dropOwned(List<String> leftAlone) throws SetupException {
    List<String> dropped = new ArrayList<>();
    if (!collections().contains(META)) {
      return dropped;
    }
    ensure();
    Set<String> existing = collections();
    for (Document owned : meta().find()) {
      String name = owned.getString("_id");
      if (!MongoCollections.known(name) || (existing.contains(name) && !shapedAsOwn(name))) {
        leftAlone.add(name);
      } else if (existing.contains(name)) {
        database.getCollection(name).drop();
        dropped.add(name);
      }
    }
    meta().drop();
    dropped.add(META);
    return dropped;
  }
}
