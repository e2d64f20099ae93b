package io.txbench.mysql.async;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;

/**
 * The answers to the server's authentication plugins, as the JDBC drivers compute them: the
 * scramble of mysql_native_password (SHA-1) and caching_sha2_password's (SHA-256) from the password
 * and the server's nonce, and the password encrypted with the server's RSA public key for
 * caching_sha2_password's full authentication without TLS.
 */
final class MySqlAuth {
  static final String NATIVE = "mysql_native_password";
  static final String CACHING_SHA2 = "caching_sha2_password";
  static final String CLEAR = "mysql_clear_password";
  static final String ED25519 = "client_ed25519";

  private MySqlAuth() {}

  /**
   * mysql_native_password's answer: SHA1(password) XOR SHA1(nonce + SHA1(SHA1(password))); none for
   * an empty password.
   */
  static byte[] nativePassword(byte[] password, byte[] nonce) {
    if (password.length == 0) {
      return new byte[0];
    }
    MessageDigest sha1 = digest("SHA-1");
    byte[] once = sha1.digest(password);
    byte[] twice = sha1.digest(once);
    sha1.update(nonce, 0, 20);
    sha1.update(twice);
    return xor(once, sha1.digest());
  }

  /**
   * caching_sha2_password's fast answer: SHA256(password) XOR SHA256(SHA256(SHA256(password)) +
   * nonce); none for an empty password.
   */
  static byte[] cachingSha2(byte[] password, byte[] nonce) {
    if (password.length == 0) {
      return new byte[0];
    }
    MessageDigest sha256 = digest("SHA-256");
    byte[] once = sha256.digest(password);
    byte[] twice = sha256.digest(once);
    sha256.update(twice);
    sha256.update(nonce, 0, 20);
    return xor(once, sha256.digest());
  }

  /**
   * The password and a zero byte, XORed with the nonce (repeated) and encrypted with the server's
   * RSA public key {@code pem} with OAEP padding, as MySQL 8.0.5 and later take it.
   */
  static byte[] rsaEncrypted(byte[] password, byte[] nonce, String pem)
      throws GeneralSecurityException {
    byte[] clear = new byte[password.length + 1];
    System.arraycopy(password, 0, clear, 0, password.length);
    for (int i = 0; i < clear.length; i++) {
      clear[i] ^= nonce[i % 20];
    }
    Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
    rsa.init(Cipher.ENCRYPT_MODE, publicKey(pem));
    return rsa.doFinal(clear);
  }

  /** A PEM "PUBLIC KEY" (X.509 SubjectPublicKeyInfo) as the server sends it. */
  static PublicKey publicKey(String pem) throws GeneralSecurityException {
    String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
    try {
      byte[] der = Base64.getDecoder().decode(base64);
      return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
    } catch (IllegalArgumentException e) {
      throw new GeneralSecurityException("the server's public key is no PEM key", e);
    }
  }

  /** The password and a zero byte, as it goes in the clear over TLS. */
  static byte[] clear(byte[] password) {
    byte[] clear = new byte[password.length + 1];
    System.arraycopy(password, 0, clear, 0, password.length);
    return clear;
  }

  static byte[] utf8(String password) {
    return password.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] xor(byte[] a, byte[] b) {
    byte[] out = new byte[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = (byte) (a[i] ^ b[i]);
    }
    return out;
  }

  private static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has " + algorithm, e);
    }
  }
}
