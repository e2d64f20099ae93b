package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.mongodb.AuthenticationMechanism;
import com.mongodb.MongoCredential;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.mongo.client.MongoTarget;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Who connects to MongoDB, from the connection string and the options together. */
class MongoCredentialTest {

  private static TargetOptions options(@Nullable String user, String password, String url) {
    return new TargetOptions(
        null,
        0,
        "txbench",
        user,
        Secret.of(password),
        url,
        1,
        1,
        Duration.ofSeconds(1),
        Duration.ofMinutes(1),
        OptionValues.defaults());
  }

  private static MongoCredential credential(String url, @Nullable String user, String password) {
    return Objects.requireNonNull(credentialOrNone(url, user, password));
  }

  private static @Nullable MongoCredential credentialOrNone(
      String url, @Nullable String user, String password) {
    TargetOptions options = options(user, password, url);
    return MongoTarget.credential(MongoTarget.connectionString(options).getCredential(), options);
  }

  @Test
  void aPasswordFromAnySourceReachesAUserTheConnectionStringNamesWithoutOne() {
    MongoCredential c =
        credential("mongodb://bench@db.example/test?authSource=admin", null, "from-a-file");
    assertEquals("bench", c.getUserName());
    assertEquals("admin", c.getSource());
    assertArrayEquals("from-a-file".toCharArray(), c.getPassword());
    String special = "p@ss:w/rd?#&;=%'\" x";
    assertArrayEquals(
        special.toCharArray(),
        credential("mongodb://bench@db.example/", null, special).getPassword());
    MongoCredential scram =
        credential("mongodb://bench@db.example/test?authMechanism=SCRAM-SHA-256", null, "pw");
    assertEquals(AuthenticationMechanism.SCRAM_SHA_256, scram.getAuthenticationMechanism());
    assertArrayEquals("pw".toCharArray(), scram.getPassword());
  }

  @Test
  void aPasswordInTheConnectionStringStandsAndAUserOptionWorksWithoutOne() {
    assertArrayEquals(
        "inline".toCharArray(),
        credential("mongodb://bench:inline@db.example/", null, "other").getPassword());
    MongoCredential byOption = credential("mongodb://db.example/", "bench", "pw");
    assertEquals("bench", byOption.getUserName());
    assertArrayEquals("pw".toCharArray(), byOption.getPassword());
    assertNull(credentialOrNone("mongodb://db.example/", null, ""));
  }
}
