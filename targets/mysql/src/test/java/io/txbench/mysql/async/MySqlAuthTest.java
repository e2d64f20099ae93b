package io.txbench.mysql.async;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mysql.cj.protocol.Security;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.Random;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;

/** The answers to the server's plugins, byte for byte those Connector/J computes. */
class MySqlAuthTest {
  private static final byte[] PASSWORD = "s3cr:t@pw'\"é".getBytes(StandardCharsets.UTF_8);

  private static byte[] nonce(long seed) {
    byte[] nonce = new byte[20];
    new Random(seed).nextBytes(nonce);
    return nonce;
  }

  @Test
  void mysqlNativePasswordScramblesAsConnectorJ() {
    for (long seed = 0; seed < 20; seed++) {
      byte[] nonce = nonce(seed);
      assertArrayEquals(
          Security.scramble411(PASSWORD, nonce), MySqlAuth.nativePassword(PASSWORD, nonce));
    }
  }

  @Test
  void cachingSha2PasswordScramblesAsConnectorJ() throws Exception {
    for (long seed = 0; seed < 20; seed++) {
      byte[] nonce = nonce(seed);
      assertArrayEquals(
          Security.scrambleCachingSha2(PASSWORD, nonce), MySqlAuth.cachingSha2(PASSWORD, nonce));
    }
  }

  @Test
  void anEmptyPasswordSendsNothing() {
    assertEquals(0, MySqlAuth.nativePassword(new byte[0], nonce(1)).length);
    assertEquals(0, MySqlAuth.cachingSha2(new byte[0], nonce(1)).length);
  }

  /**
   * The password and its zero byte, XORed with the nonce, encrypted with the server's public key in
   * OAEP: what the server's private key reads back.
   */
  @Test
  void theFullAuthenticationEncryptsWithTheServersKeyAsMySqlReadsIt() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    KeyPair server = generator.generateKeyPair();
    String pem =
        "-----BEGIN PUBLIC KEY-----\n"
            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(server.getPublic().getEncoded())
            + "\n-----END PUBLIC KEY-----\n";
    byte[] nonce = nonce(7);
    byte[] sent = MySqlAuth.rsaEncrypted(PASSWORD, nonce, pem);
    Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
    rsa.init(Cipher.DECRYPT_MODE, server.getPrivate());
    byte[] read = rsa.doFinal(sent);
    for (int i = 0; i < read.length; i++) {
      read[i] ^= nonce[i % 20];
    }
    assertArrayEquals(MySqlAuth.clear(PASSWORD), read);
  }
}
