package io.txbench.mongo.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** The settings in the answers of a real MongoDB, and of servers that give fewer of them. */
class MongoSettingsTest {
  /** Parts of a MongoDB 7.0 replica set member's answers. */
  private static final Document HELLO =
      Document.parse(
          "{isWritablePrimary: true, setName: 'rs0', hosts: ['a:27017', 'b:27017', 'c:27017'],"
              + " passives: [], ok: 1}");

  private static final Document SERVER_STATUS =
      Document.parse(
          "{version: '7.0.14', storageEngine: {name: 'wiredTiger', supportsCommittedReads: true},"
              + " wiredTiger: {cache: {'maximum bytes configured': {$numberLong: '8053063680'},"
              + " 'bytes currently in the cache': 12345}}, ok: 1}");

  private static final Document DEFAULT_RW_CONCERN =
      Document.parse(
          "{defaultReadConcern: {level: 'local'}, defaultWriteConcern: {w: 'majority', wtimeout:"
              + " 0}, defaultWriteConcernSource: 'implicit', ok: 1}");

  @Test
  void aReplicaSetTellsItsEngineCacheMembersAndDefaultWriteConcern() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("version", "7.0.14");
    expected.put("storageEngine.name", "wiredTiger");
    expected.put("wiredTiger.cache.maximum bytes configured", "8053063680");
    expected.put("setName", "rs0");
    expected.put("hosts", "3");
    expected.put("defaultWriteConcern", "{\"w\": \"majority\", \"wtimeout\": 0}");

    Map<String, String> s = MongoSettings.of("7.0.14", HELLO, SERVER_STATUS, DEFAULT_RW_CONCERN);

    assertEquals(expected, s);
    assertEquals(expected.keySet().stream().toList(), s.keySet().stream().toList());
  }

  @Test
  void aCacheSizeGivenAsADoubleIsStillAWholeNumberOfBytes() {
    Document status =
        Document.parse("{wiredTiger: {cache: {'maximum bytes configured': 1073741824.0}}}");
    assertEquals(
        "1073741824",
        MongoSettings.of("4.4.29", new Document(), status, null)
            .get("wiredTiger.cache.maximum bytes configured"));
  }

  @Test
  void aStandaloneWithoutClusterMonitorTellsItsVersionAlone() {
    // hello of a standalone: no setName, so no members either; serverStatus refused (null).
    Document standalone = Document.parse("{isWritablePrimary: true, hosts: ['x'], ok: 1}");
    Document unsetDefaults = Document.parse("{defaultReadConcern: {level: 'local'}, ok: 1}");

    assertEquals(
        Map.of("version", "6.0.19"), MongoSettings.of("6.0.19", standalone, null, unsetDefaults));
  }
}
