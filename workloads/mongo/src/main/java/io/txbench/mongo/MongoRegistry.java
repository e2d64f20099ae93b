package io.txbench.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import io.txbench.core.SetupException;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.OptionalLong;
import org.bson.Document;

/**
 * The record of what txbench created in a database: the collection {@code txbench_meta}, one
 * document per collection. Only collections listed there are ever dropped; any other collection in
 * the way stops prepare untouched.
 */
final class MongoRegistry {
  static final String META = "txbench_meta";
  private final MongoDatabase database;
  private final String toolVersion;

  MongoRegistry(MongoDatabase database, String toolVersion) {
    this.database = database;
    this.toolVersion = toolVersion;
  }

  /** Drops the collections if txbench made them and creates them anew, recording them. */
  void recreate(List<String> collections, String workload, long scale, long seed)
      throws SetupException {
    List<String> existing = database.listCollectionNames().into(new ArrayList<>());
    MongoCollection<Document> meta = database.getCollection(META);
    for (String name : collections) {
      if (existing.contains(name) && scale(name).isEmpty()) {
        throw new SetupException("collection '" + name + "' already exists in database '"
            + database.getName() + "' and was not created by txbench: it is left untouched;"
            + " use another --target-database-name, or drop or rename it yourself");
      }
    }
    for (String name : collections) {
      if (existing.contains(name)) {
        database.getCollection(name).drop();
      }
      meta.deleteOne(Filters.eq("_id", name));
      database.createCollection(name);
      meta.insertOne(new Document("_id", name).append("workload", workload).append("scale", scale)
          .append("seed", seed).append("toolVersion", toolVersion)
          .append("createdAt", new Date()));
    }
  }

  /** The scale recorded for a collection txbench made, for {@code --skip-setup}. */
  long attach(String collection) throws SetupException {
    if (!database.listCollectionNames().into(new ArrayList<>()).contains(collection)) {
      throw new SetupException("collection '" + collection + "' does not exist in database '"
          + database.getName() + "': run once without --skip-setup to create and load it");
    }
    OptionalLong scale = scale(collection);
    if (scale.isEmpty()) {
      throw new SetupException("collection '" + collection + "' in database '"
          + database.getName() + "' was not created by txbench: it is left untouched; use"
          + " another --target-database-name");
    }
    return scale.getAsLong();
  }

  /** Drops the collections txbench_meta lists, then txbench_meta; returns what was dropped. */
  List<String> dropOwned() {
    List<String> existing = database.listCollectionNames().into(new ArrayList<>());
    List<String> dropped = new ArrayList<>();
    if (!existing.contains(META)) {
      return dropped;
    }
    for (Document owned : database.getCollection(META).find()) {
      String name = owned.getString("_id");
      if (existing.contains(name)) {
        database.getCollection(name).drop();
        dropped.add(name);
      }
    }
    database.getCollection(META).drop();
    dropped.add(META);
    return dropped;
  }

  private OptionalLong scale(String collection) {
    Document d = database.getCollection(META).find(Filters.eq("_id", collection)).first();
    return d == null ? OptionalLong.empty() : OptionalLong.of(((Number) d.get("scale")).longValue());
  }
}
