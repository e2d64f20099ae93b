package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Updates;
import io.txbench.core.data.ItemData;
import java.util.SplittableRandom;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * sysbench's rows as documents: {@code _id}, an indexed {@code k}, {@code c}, {@code pad}, and the
 * {@code updates} counter verify reads. A read returns {@code c}; an update sets it.
 */
record MongoItemShape(ItemData data) implements MongoShape {
  private static final Bson ONLY_C = Projections.include("c");

  @Override
  public Document document(long id, long size, SplittableRandom random) {
    return new Document("_id", id)
        .append("k", ItemData.k(random, size))
        .append("c", data.c(random))
        .append("pad", data.pad(random))
        .append("updates", 0L);
  }

  @Override
  public Bson read() {
    return ONLY_C;
  }

  @Override
  public Bson update(SplittableRandom random) {
    return Updates.combine(Updates.set("c", data.c(random)), Updates.inc("updates", 1L));
  }

  @Override
  public void index(MongoCollection<Document> collection) {
    collection.createIndex(new Document("k", 1));
  }

  @Override
  public boolean hasK() {
    return true;
  }
}
