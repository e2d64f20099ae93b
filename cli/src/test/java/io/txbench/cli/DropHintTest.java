package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Credentials;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The closing line of a run on a kept server: the exact command that removes its data. */
class DropHintTest {

  private static TargetOptions options(
      @Nullable String host,
      @Nullable String database,
      @Nullable String user,
      Secret password,
      @Nullable String url) {
    return new TargetOptions(
        host,
        5432,
        database,
        user,
        password,
        url,
        1,
        1,
        Duration.ofSeconds(10),
        Duration.ofMinutes(10),
        OptionValues.defaults());
  }

  @Test
  void aUrlLosesItsPasswordWhereverItIs() {
    assertEquals(
        "mongodb://u@h:27017/db?tls=true",
        Credentials.withoutSecrets("mongodb://u:p@ss@h:27017/db?tls=true"));
    assertEquals(
        "jdbc:mysql://h/db?user=u&useSSL=true",
        Credentials.withoutSecrets(
            "jdbc:mysql://h/db?password=x;y&user=u&password1=z&useSSL=true"));
    assertEquals(
        "jdbc:postgresql://h:5432/db",
        Credentials.withoutSecrets("jdbc:postgresql://h:5432/db?password=x"));
    assertEquals(
        "jdbc:postgresql://h:5432/db", Credentials.withoutSecrets("jdbc:postgresql://h:5432/db"));
    // An unencoded & in the password is the password's, as the masking reads it too.
    assertEquals(
        "jdbc:postgresql://h:5432/db?user=u",
        Credentials.withoutSecrets("jdbc:postgresql://h:5432/db?password=a&b&user=u"));
  }

  @Test
  void hostPortDatabaseAndUserAreSpelledOutAndQuotedForTheShell() {
    String hint =
        DropHint.of(
            "postgres",
            "airline",
            options("localhost", "it's mine", "postgres", Secret.none(), null));
    assertTrue(
        hint.endsWith(
            "to remove it: java -jar benchmark.jar --benchmark-target postgres"
                + " --target-database-host localhost --target-database-port 5432 --target-database-name"
                + " 'it'\\''s mine' --target-database-user postgres --drop"),
        hint);
    assertTrue(hint.startsWith("The airline data stays in localhost:5432/it's mine"), hint);
  }

  @Test
  void aPasswordIsNeverPartOfTheCommandButItsAbsenceIsSaid() {
    String url = "jdbc:postgresql://db.example:5432/bench?user=u&password=Sekr1t-99";
    String hint =
        DropHint.of("postgres", "insert", options(null, "bench", "u", Secret.none(), url));
    assertFalse(hint.contains("Sekr1t-99"), hint);
    // The command must work as printed: no masked password sent as one, no quote swallowed.
    assertTrue(
        hint.endsWith(
            "--target-url 'jdbc:postgresql://db.example:5432/bench?user=u'"
                + " --drop (and the password, from --target-database-password-file or"
                + " TXBENCH_PASSWORD)"),
        hint);
    String fromOption =
        DropHint.of(
            "mysql", "insert", options("db", "txbench", "root", Secret.of("Sekr1t-99"), null));
    assertFalse(fromOption.contains("Sekr1t-99"), fromOption);
    assertTrue(
        fromOption.endsWith(
            "--drop (and the password, from"
                + " --target-database-password-file or TXBENCH_PASSWORD)"),
        fromOption);
    assertEquals(
        -1,
        DropHint.of("mysql", "insert", options("db", "txbench", "root", Secret.none(), null))
            .indexOf("password"));
  }

  @Test
  void theJarIsNamedAsTheUserStartedIt() {
    String hint =
        DropHint.of(
            List.of("java", "-jar", "my tools/benchmark.jar"),
            "postgres",
            "insert",
            options("db", "bench", "u", Secret.none(), null));
    assertTrue(
        hint.contains(
            "to remove it: java -jar 'my tools/benchmark.jar' --benchmark-target postgres"
                + " --target-database-host db"),
        hint);
  }
}
