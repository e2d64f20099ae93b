package io.txbench.mysql;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.LibraryLogger;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlDialect;
import io.txbench.mysql.async.AsyncMySqlClient;
import io.txbench.mysql.async.MySqlClient;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code mysql} target: MySQL and MariaDB, on a JDBC driver or the event-loop client ({@code
 * --mysql-client}).
 */
public final class MySqlBinding extends JdbcBinding {
  /** Which driver speaks to the server: by default the server's own. */
  static final DeclaredOption<String> DRIVER =
      DeclaredOption.oneOf(
          "--mysql-driver",
          "DRIVER",
          "JDBC driver: mysql (MySQL Connector/J), mariadb (MariaDB Connector/J), or auto: the"
              + " one a --target-url names by its scheme (jdbc:mysql: or jdbc:mariadb:), else the"
              + " server's own.",
          "auto",
          List.of("auto", "mysql", "mariadb"));

  private final MySqlDialect dialect = new MySqlDialect(MySqlDriver.MYSQL, true);

  @Override
  public String target() {
    return "mysql";
  }

  /**
   * {@code --benchmark-target mariadb} runs this target; its driver is still {@code auto}'s choice,
   * the server's own, which is MariaDB's for a MariaDB server.
   */
  @Override
  public List<String> aliases() {
    return List.of("mariadb");
  }

  @Override
  protected SqlDialect dialect() {
    return dialect;
  }

  /**
   * The driver asked for; with {@code auto}, the one a URL names by its scheme (its parameters are
   * written for that driver), or without a URL the server's own once it is known.
   */
  @Override
  protected SqlDialect dialect(TargetOptions options) {
    return switch (options.declared().get(DRIVER)) {
      case "mysql" -> new MySqlDialect(MySqlDriver.MYSQL, false);
      case "mariadb" -> new MySqlDialect(MySqlDriver.MARIADB, false);
      default -> {
        String url = options.url();
        if (url == null || url.isBlank()) {
          yield dialect;
        }
        MySqlDriver named = MySqlDriver.namedBy(url);
        yield new MySqlDialect(named == null ? MySqlDriver.MYSQL : named, false);
      }
    };
  }

  @Override
  public List<DeclaredOption<?>> options() {
    List<DeclaredOption<?>> options = new ArrayList<>(super.options());
    options.add(DRIVER);
    options.add(MySqlClient.OPTION);
    return List.copyOf(options);
  }

  /** A URL the workers' client cannot follow is refused before anything connects. */
  @Override
  public void checkUrl(TargetOptions options) {
    super.checkUrl(options);
    if (options.declared().get(MySqlClient.OPTION) == MySqlClient.ASYNC) {
      // throws IllegalArgumentException, in words
      AsyncMySqlClient.checkUrl(options, options.declared().get(DRIVER));
    }
  }

  /**
   * Opens the target for the JDBC workers, or, with {@code --mysql-client async}, for workers on
   * the event-loop client: the JDBC pools then serve prepare, verify and telemetry only, and open
   * no worker connection ahead.
   */
  @Override
  public OpenTarget<JdbcTarget, SQLException> open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException {
    if (target.declared().get(MySqlClient.OPTION) == MySqlClient.JDBC) {
      return super.open(target, workload);
    }
    return openOnEventLoop(
        target, workload, () -> AsyncMySqlClient.of(target, target.declared().get(DRIVER)));
  }

  /**
   * MariaDB Connector/J's too: it logs every error packet, a retried deadlock included, which
   * txbench counts and reports in words.
   */
  @Override
  public List<LibraryLogger> loggers() {
    List<LibraryLogger> loggers = new ArrayList<>(super.loggers());
    loggers.add(new LibraryLogger("org.mariadb.jdbc", "OFF"));
    return List.copyOf(loggers);
  }

  @Override
  public List<String> urlSchemes() {
    return List.of("jdbc:mysql:", "jdbc:mariadb:");
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
