package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.txbench.core.ownership.LeaseRecord;
import io.txbench.core.ownership.LeaseStore;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.mongo.client.MongoNumbers;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The leases on txbench's collections, as documents of {@code txbench_lease}. Times are the
 * client's clock (the emulator has no server clock to read): clients on several machines should
 * keep their clocks in step, as NTP does.
 */
public final class MongoLeaseStore implements LeaseStore<RuntimeException> {
  public static final String COLLECTION = "txbench_lease";
  private final MongoDatabase database;

  MongoLeaseStore(MongoDatabase database) {
    this.database = database;
  }

  private MongoCollection<Document> leases() {
    return database.getCollection(COLLECTION);
  }

  /** Refuses a collection of that name that is not txbench's. */
  void ensure() throws SetupException {
    if (leases().countDocuments(Filters.ne("record", MongoRegistry.SIGNATURE)) > 0) {
      throw new SetupException(
          "the "
              + MongoRegistry.named(database, COLLECTION)
              + " is not txbench's: nothing was touched; use another"
              + " --target-database-name, or rename it yourself");
    }
  }

  @Override
  public Snapshot read() {
    List<LeaseRecord> all = new ArrayList<>();
    for (Document d : leases().find()) {
      all.add(
          new LeaseRecord(
              d.getString("_id"),
              d.getString("group"),
              LeaseMode.valueOf(d.getString("mode")),
              d.getString("host"),
              MongoNumbers.at(d, "pid"),
              MongoNumbers.at(d, "startedAt"),
              MongoNumbers.at(d, "heartbeatAt")));
    }
    return new Snapshot(System.currentTimeMillis(), all);
  }

  @Override
  public void insert(LeaseRecord lease) {
    long now = System.currentTimeMillis();
    leases()
        .insertOne(
            new Document("_id", lease.id())
                .append("record", MongoRegistry.SIGNATURE)
                .append("group", lease.group())
                .append("mode", lease.mode().name())
                .append("host", lease.host())
                .append("pid", lease.pid())
                .append("startedAt", now)
                .append("heartbeatAt", now));
  }

  @Override
  public void beat(String id) {
    leases()
        .updateOne(Filters.eq("_id", id), Updates.set("heartbeatAt", System.currentTimeMillis()));
  }

  @Override
  public void changeMode(String id, LeaseMode mode) {
    leases().updateOne(Filters.eq("_id", id), Updates.set("mode", mode.name()));
  }

  @Override
  public boolean expire(String id, long heartbeatMillis) {
    return leases()
            .deleteOne(
                Filters.and(Filters.eq("_id", id), Filters.eq("heartbeatAt", heartbeatMillis)))
            .getDeletedCount()
        > 0;
  }

  @Override
  public void release(String id) {
    leases().deleteOne(Filters.eq("_id", id));
  }
}
