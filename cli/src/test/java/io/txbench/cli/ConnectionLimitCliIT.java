package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server that admits fewer connections than asked for, against a real PostgreSQL whose role may
 * open 4: workers sharing a pool of 6 connections fail up front, naming the server's refusal, on
 * both clients, as pgbench fails; they never run on the few connections they had, which would
 * measure something else than what was asked.
 */
class ConnectionLimitCliIT extends PostgresServer {
  private static final String ROLE = "capped";

  @ParameterizedTest
  @ValueSource(strings = {"jdbc", "async"})
  void workersSharingMoreConnectionsThanTheServerAdmitsFailUpFront(
      String client, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    String database = "limited_" + client;
    try (Connection c = DriverManager.getConnection(url("postgres"));
        Statement s = c.createStatement()) {
      s.execute(
          "DO $$BEGIN CREATE ROLE "
              + ROLE
              + " LOGIN CONNECTION LIMIT 4; EXCEPTION WHEN duplicate_object THEN NULL; END$$");
      s.execute("CREATE DATABASE " + database + " OWNER " + ROLE);
    }
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "postgres",
            "--target-url",
            "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + database + "?user=" + ROLE,
            "--pg-client",
            client,
            "--parallelism",
            "8",
            "--max-connections",
            "6",
            "--connection-wait-timeout",
            "2s",
            "--warmup",
            "0s",
            "--duration",
            "2s",
            "--output-dir",
            dir.toString());
    assertEquals(3, run.exitCode(), run.out() + run.err());
    assertTrue(
        run.err().contains("could not open a session for each of the 8 workers"),
        run.out() + run.err());
    assertTrue(run.err().contains("too many connections for role"), run.out() + run.err());
  }
}
