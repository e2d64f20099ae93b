package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetFixtures;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.postgres.async.PgClient;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A run over TLS, asked for in the URL ({@code sslmode=require}), against a real PostgreSQL. */
class TlsIT {
  @TempDir Path dir;

  /** Writes a self-signed certificate and its key as server.crt and server.key. */
  private void writeCertificate() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    KeyPair keys = generator.generateKeyPair();
    X500Name name = new X500Name("CN=localhost");
    Instant now = Instant.now();
    X509CertificateHolder certificate =
        new JcaX509v3CertificateBuilder(
                name,
                BigInteger.valueOf(now.toEpochMilli()),
                Date.from(now.minusSeconds(60)),
                Date.from(now.plus(Duration.ofDays(1))),
                name,
                keys.getPublic())
            .build(new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate()));
    Files.writeString(dir.resolve("server.crt"), pem(certificate));
    Path key = dir.resolve("server.key");
    Files.writeString(key, pem(keys.getPrivate()));
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
  }

  private static String pem(Object o) throws IOException {
    StringWriter s = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(s)) {
      w.writeObject(o);
    }
    return s.toString();
  }

  private EmbeddedPostgres tlsServer() throws Exception {
    writeCertificate();
    return EmbeddedPostgresServer.builder()
        .setServerConfig("ssl", "on")
        .setServerConfig("ssl_cert_file", dir.resolve("server.crt").toString())
        .setServerConfig("ssl_key_file", dir.resolve("server.key").toString())
        .start();
  }

  private static TargetOptions tls(EmbeddedPostgres postgres, OptionValues values) {
    return tls(postgres, values, "&sslmode=require");
  }

  private static TargetOptions tls(EmbeddedPostgres postgres, OptionValues values, String mode) {
    String url =
        "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres?user=postgres" + mode;
    return TargetFixtures.at(url, 2, Duration.ofSeconds(10), values);
  }

  /**
   * The event-loop client asks for TLS too, and where the URL gives no sslmode it prefers TLS, as
   * PgJDBC and libpq do: with pg_hba.conf refusing every connection not over TLS, its run commits
   * every iteration.
   */
  @ParameterizedTest
  @ValueSource(strings = {"&sslmode=require", ""})
  void theEventLoopClientUsesTlsWhenAskedOrOffered(String mode) throws Exception {
    Path data = dir.resolve("pg");
    writeCertificate();
    try (EmbeddedPostgres postgres =
        EmbeddedPostgresServer.builder()
            .setDataDirectory(data)
            .setServerConfig("ssl", "on")
            .setServerConfig("ssl_cert_file", dir.resolve("server.crt").toString())
            .setServerConfig("ssl_key_file", dir.resolve("server.key").toString())
            .start()) {
      Path hba = data.resolve("pg_hba.conf");
      Files.writeString(hba, "hostnossl all all all reject\n" + Files.readString(hba));
      try (Connection c =
              java.sql.DriverManager.getConnection(
                  "jdbc:postgresql://localhost:"
                      + postgres.getPort()
                      + "/postgres?user=postgres&sslmode=require");
          Statement s = c.createStatement()) {
        s.execute("SELECT pg_reload_conf()");
      }
      TargetOptions target =
          tls(
              postgres,
              OptionValues.of(IsolationLevel.OPTION, IsolationLevel.REPEATABLE_READ)
                  .with(PgClient.OPTION, PgClient.ASYNC),
              mode);
      WorkloadOptions options = WorkloadFixtures.options(PointSelect.NAME, 100, 1, false, 0);
      WorkloadRun.Outcome o = WorkloadRun.run(new PostgresBinding(), target, options, 200, true);
      assertEquals(200, o.result().outcomes().iterations());
    }
  }

  @Test
  void aRunAskedToUseTlsUsesIt() throws Exception {
    try (EmbeddedPostgres postgres = tlsServer()) {
      TargetOptions target =
          tls(postgres, OptionValues.of(IsolationLevel.OPTION, IsolationLevel.REPEATABLE_READ));
      WorkloadOptions options = WorkloadFixtures.options(PointSelect.NAME, 100, 1, false, 0);
      WorkloadRun.Outcome o = WorkloadRun.run(new PostgresBinding(), target, options, 200, true);
      assertEquals(200, o.result().outcomes().iterations());
      try (JdbcTarget opened = new PostgresBinding().open(target, options).target();
          Connection c = opened.connection();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
        assertTrue(rs.next() && rs.getBoolean(1), "the connection is not encrypted");
      }
    }
  }
}
