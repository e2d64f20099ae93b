package io.txbench.mysql.async;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * client_ed25519's signature, byte for byte MariaDB Connector/J's, for passwords of every length
 * (its own Ed25519 code, called by reflection: its method is private).
 */
class MariaDbEd25519Test {
  @Test
  void signsAsMariaDbConnectorJ() throws Exception {
    Method theirs =
        Class.forName("org.mariadb.jdbc.plugin.authentication.standard.Ed25519PasswordPlugin")
            .getDeclaredMethod("ed25519SignWithPassword", String.class, byte[].class);
    theirs.setAccessible(true);
    Random random = new Random(42);
    String[] passwords = {"", "a", "s3cr:t@pw'\"é", "x".repeat(100)};
    for (String password : passwords) {
      byte[] nonce = new byte[32];
      random.nextBytes(nonce);
      byte[] expected = (byte[]) theirs.invoke(null, password, nonce);
      assertArrayEquals(
          expected,
          MariaDbEd25519.sign(password.getBytes(StandardCharsets.UTF_8), nonce),
          password);
    }
  }
}
