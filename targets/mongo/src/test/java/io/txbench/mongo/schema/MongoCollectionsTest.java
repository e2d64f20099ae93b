package io.txbench.mongo.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which collections txbench takes as its own: by name, then by the fields of their documents. */
class MongoCollectionsTest {

  @Test
  void theNumberedCollectionsOfTablesAreTxbenchsAndNoOthers() {
    for (String name :
        new String[] {"item", "item2", "item10", "item1000", "usertable", "usertable3"}) {
      assertTrue(MongoCollections.known(name), name);
    }
    for (String name :
        new String[] {
          "item1", "item01", "item1001", "itemx", "usertable1", "usertables", "orders"
        }) {
      assertFalse(MongoCollections.known(name), name);
    }
  }

  @Test
  void ycsbDocumentsHaveTheirIdTheirCounterAndFieldsFromZeroOn() {
    assertTrue(
        MongoCollections.shapedAsOwn(
            "usertable2", Set.of("_id", "updates", "field0", "field1", "field2")));
    assertTrue(MongoCollections.shapedAsOwn("usertable", Set.of("_id", "updates", "field0")));
    assertFalse(MongoCollections.shapedAsOwn("usertable", Set.of("_id", "updates", "field1")));
    assertFalse(MongoCollections.shapedAsOwn("usertable", Set.of("_id", "updates")));
    assertFalse(MongoCollections.shapedAsOwn("usertable", Set.of("_id", "field0", "name")));
    assertFalse(
        MongoCollections.shapedAsOwn("usertable", Set.of("_id", "k", "c", "pad", "updates")));
  }

  @Test
  void itemDocumentsHaveSysbenchsFieldsInEveryNumberedCollection() {
    Set<String> item = Set.of("_id", "k", "c", "pad", "updates");
    assertTrue(MongoCollections.shapedAsOwn("item", item));
    assertTrue(MongoCollections.shapedAsOwn("item7", item));
    assertFalse(MongoCollections.shapedAsOwn("item7", Set.of("_id", "note")));
    assertFalse(MongoCollections.shapedAsOwn("item7", Set.of("_id", "updates", "field0")));
  }
}
