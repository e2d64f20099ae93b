package io.txbench.pglike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetFixtures;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Touch;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.txbench.postgres.async.PgClient;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * docs/contributing.md followed as written: a workload ({@link Touch}, {@code TouchWorkload}) and a
 * SQL target ({@link PgLikeDialect}, {@link PgLikeBinding}) built in the test tree, run on a real
 * PostgreSQL through both of its clients, PgJDBC and {@code --pg-client async}, and verified.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContributingGuideIT {
  private static final long ITERATIONS = 300;

  private static final Path GUIDE = Path.of("..", "docs", "contributing.md");

  /** The classes of the guide's examples, in this tree. */
  private static final Map<String, Path> SOURCES =
      Map.of(
          "Touch",
          Path.of("src/test/java/io/txbench/core/workloads/Touch.java"),
          "TouchWorkload",
          Path.of("src/test/java/io/txbench/jdbc/workloads/TouchWorkload.java"));

  private EmbeddedPostgres postgres;

  @BeforeAll
  void start() throws IOException {
    postgres = EmbeddedPostgresServer.builder().start();
  }

  @AfterAll
  void stop() throws IOException {
    postgres.close();
  }

  @ParameterizedTest
  @EnumSource(PgClient.class)
  void theGuidesWorkloadRunsOnTheGuidesTarget(PgClient client) throws Exception {
    String database = "guide_" + client.name().toLowerCase(Locale.ROOT);
    execute(url("postgres"), "CREATE DATABASE " + database);
    TargetOptions target =
        TargetFixtures.at(
                url(database),
                4,
                Duration.ofSeconds(30),
                OptionValues.of(IsolationLevel.OPTION, IsolationLevel.READ_COMMITTED))
            .with(PgClient.OPTION, client);
    WorkloadOptions touch =
        new WorkloadOptions(new Touch(), 42, OptionValues.defaults())
            .with(ItemKind.TABLE_SIZE, 1_000L);

    WorkloadRun.Outcome outcome =
        WorkloadRun.run(new PgLikeBinding(), target, touch, ITERATIONS, true);

    assertTrue(outcome.verification().passed(), outcome.describe());
    assertEquals(ITERATIONS, outcome.result().tally().completed(), outcome.describe());
    assertEquals(ITERATIONS, query(url(database), "SELECT SUM(updates) FROM item"));
  }

  /**
   * The guide's code is the test tree's: each of its Java blocks is the class body of the file its
   * example names; and each file its tables name exists for a built-in workload and target (update,
   * PostgreSQL), as many as it says.
   */
  @Test
  void theGuideSaysWhatTheCodeIs() throws IOException {
    String guide = Files.readString(GUIDE);
    Matcher block = Pattern.compile("```java\n(.*?)\n *```", Pattern.DOTALL).matcher(guide);
    List<String> checked = new ArrayList<>();
    while (block.find()) {
      String code = block.group(1).stripIndent();
      String name = code.replaceFirst("(?s)^public final class (\\w+).*", "$1");
      Path source =
          Objects.requireNonNull(
              SOURCES.get(name), () -> "a Java block of no known class:\n" + code);
      assertTrue(Files.readString(source).contains(code + "\n"), source + " is not the guide's");
      checked.add(name);
    }
    assertEquals(List.of("Touch", "TouchWorkload"), checked);
    assertFiles(guide, "6 files", Map.of("<Kind>", "Update"));
    assertFiles(guide, "10 files", Map.of("<db>", "postgres", "<Db>", "Postgres"));
  }

  /**
   * The table after "{@code count}." names that many files, each of which is there once its
   * placeholders are {@code named}.
   */
  private static void assertFiles(String guide, String count, Map<String, String> named) {
    String table = guide.substring(guide.indexOf(count + ".\n"));
    table = table.substring(0, table.indexOf("\n\n", table.indexOf("| # |")));
    Matcher row = Pattern.compile("^\\| \\d+ \\| `([^`]+)`", Pattern.MULTILINE).matcher(table);
    int rows = 0;
    while (row.find()) {
      String path = row.group(1);
      for (Map.Entry<String, String> name : named.entrySet()) {
        path = path.replace(name.getKey(), name.getValue());
      }
      assertTrue(Files.isRegularFile(Path.of("..", path)), count + ": no " + path);
      rows++;
    }
    assertEquals(Integer.parseInt(count.split(" ")[0]), rows, count);
  }

  private String url(String database) {
    return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + database + "?user=postgres";
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static long query(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
