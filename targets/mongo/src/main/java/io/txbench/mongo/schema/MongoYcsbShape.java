package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Updates;
import io.txbench.core.data.YcsbData;
import java.util.SplittableRandom;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jspecify.annotations.Nullable;

/**
 * YCSB's {@code usertable} as documents: {@code _id}, {@code field0} to {@code fieldN-1}, and the
 * {@code updates} counter verify reads. A read returns every field, as YCSB's; an update sets one
 * field chosen at random (YCSB's default, {@code writeallfields=false}).
 */
record MongoYcsbShape(YcsbData data) implements MongoShape {

  @Override
  public Document document(long id, long size, SplittableRandom random) {
    Document d = new Document("_id", id);
    for (int f = 0; f < data.fieldCount(); f++) {
      d.append(data.fieldName(f), data.value(random));
    }
    return d.append("updates", 0L);
  }

  @Override
  public @Nullable Bson read() {
    return null;
  }

  @Override
  public Bson update(SplittableRandom random) {
    return Updates.combine(
        Updates.set(data.fieldName(data.randomField(random)), data.value(random)),
        Updates.inc("updates", 1L));
  }

  /** YCSB's table has its key's index only. */
  @Override
  public void index(MongoCollection<Document> collection) {}

  @Override
  public boolean hasK() {
    return false;
  }
}
