package io.txbench.api;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.mongodb.MongoDBContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The README's JUnit examples, word for word: PostgreSQL and a MongoDB replica set in Docker;
 * skipped where there is no Docker engine.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainersApiIT {

  @Container static PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:17");

  @Container static MongoDBContainer mongo = new MongoDBContainer("mongo:7").withReplicaSet();

  @Test
  void pointSelectsOnPostgresAreFastEnough() {
    BenchmarkResult result =
        Txbench.postgres(postgres.getJdbcUrl())
            .user(postgres.getUsername())
            .password(postgres.getPassword())
            .workload("point-select")
            .parallelism(8)
            .duration(Duration.ofSeconds(10))
            .warmup(Duration.ofSeconds(3))
            .threshold("p99<50ms")
            .run();

    assertTrue(result.p99().compareTo(Duration.ofMillis(50)) < 0, result.toString());
    assertTrue(result.verification().passed(), result.toString());
    assertTrue(result.thresholdsPassed(), result.thresholds().toString());
  }

  @Test
  void theAirlineTransactionOnAMongoReplicaSetKeepsItsInvariants() {
    BenchmarkResult result =
        Txbench.mongo(mongo.getReplicaSetUrl("txbench"))
            .workload("airline")
            .parallelism(4)
            .iterations(2_000)
            .threshold("in-doubt==0")
            .run();

    assertTrue(result.verification().passed(), result.toString());
    assertTrue(result.thresholdsPassed(), result.thresholds().toString());
  }
}
