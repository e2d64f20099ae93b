package io.txbench.mysql;

import io.txbench.core.EmbeddedServer;
import io.txbench.core.TargetUnavailableException;
import io.txbench.core.WorkloadProvider;
import io.txbench.jdbc.JdbcProvider;
import io.txbench.jdbc.SqlDialect;

/** The {@code mysql} target: MySQL and MariaDB. */
public final class MySqlProvider extends JdbcProvider {
  private final MySqlDialect dialect = new MySqlDialect();

  @Override
  public String target() {
    return "mysql";
  }

  @Override
  protected SqlDialect dialect() {
    return dialect;
  }

  @Override
  public boolean acceptsUrl(String url) {
    return WorkloadProvider.hasScheme(url, "jdbc:mysql:", "jdbc:mariadb:");
  }

  /** None: there is no MySQL to unpack from a JAR, so the message says how to start one. */
  @Override
  public EmbeddedServer startEmbedded(String why) throws TargetUnavailableException {
    throw new TargetUnavailableException(
        why
            + ", and txbench has no embedded MySQL: start one"
            + " (docker compose -f docker/compose.yaml up -d mysql, or your distribution's"
            + " mysql-server or mariadb-server package), or name one with --target-database-host"
            + " or --target-url");
  }
}
