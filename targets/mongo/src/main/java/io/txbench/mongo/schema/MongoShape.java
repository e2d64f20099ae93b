package io.txbench.mongo.schema;

import com.mongodb.client.MongoCollection;
import io.txbench.core.data.ItemData;
import io.txbench.core.data.YcsbData;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Ycsb;
import java.util.SplittableRandom;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jspecify.annotations.Nullable;

/**
 * The documents of a collection of items, in one of two shapes: sysbench's ({@link MongoItemShape})
 * or YCSB's ({@link MongoYcsbShape}); the workloads that run on either (the mix) ask it what to
 * write and what to read.
 */
public interface MongoShape {

  static MongoShape of(ItemKind kind, long seed, OptionValues values, ItemData items) {
    return kind instanceof Ycsb
        ? new MongoYcsbShape(new YcsbData(seed, Ycsb.fieldCount(values), Ycsb.fieldLength(values)))
        : new MongoItemShape(items);
  }

  /** The document of key {@code id}, in a collection of {@code size} loaded documents. */
  Document document(long id, long size, SplittableRandom random);

  /** What a read of one document returns: its projection, or null for every field. */
  @Nullable Bson read();

  /** An update of a document's payload, its {@code updates} counter counting it. */
  Bson update(SplittableRandom random);

  /** Creates the indexes the shape has beyond {@code _id}, once the collection is loaded. */
  void index(MongoCollection<Document> collection);

  /** Whether the documents have sysbench's indexed field {@code k}, which verify sums. */
  boolean hasK();
}
