package io.txbench.mongo;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.mongodb.MongoDBContainer;

/**
 * The contract, transactions included, against a single-node replica set of {@code mongo:7} in
 * Docker; skipped where there is no Docker engine.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerMongoWorkloadsIT extends MongoAnalyticsContract {

  @Container
  private final MongoDBContainer mongo = new MongoDBContainer("mongo:7").withReplicaSet();

  @Override
  String serverUri() {
    return mongo.getReplicaSetUrl().replaceAll("/test$", "/");
  }

  @Override
  boolean transactions() {
    return true;
  }
}
