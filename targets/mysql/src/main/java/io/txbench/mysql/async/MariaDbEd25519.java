package io.txbench.mysql.async;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * MariaDB's client_ed25519: an Ed25519 signature of the server's nonce whose secret is the SHA-512
 * of the whole password, where the JDK's Ed25519 takes a 32-byte seed and hashes that instead; so
 * the curve's arithmetic is done here (RFC 8032, section 5.1.6), on the twisted Edwards curve in
 * affine coordinates. Slow beside the JDK's (a few milliseconds), and run once per connection.
 */
final class MariaDbEd25519 {
  private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
  private static final BigInteger L =
      BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
  private static final BigInteger D =
      BigInteger.valueOf(-121665).multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
  private static final BigInteger[] BASE = {
    new BigInteger("15112221349535400772501151409588531511454012693041857206046113283949847762202"),
    new BigInteger("46316835694926478169428394003475163141307993866256225615783033603165251855960")
  };
  private static final BigInteger[] IDENTITY = {BigInteger.ZERO, BigInteger.ONE};

  private MariaDbEd25519() {}

  /** The 64-byte signature of {@code message} with the key {@code password} stands for. */
  static byte[] sign(byte[] password, byte[] message) {
    byte[] h = sha512(password);
    byte[] scalar = Arrays.copyOf(h, 32);
    scalar[0] &= (byte) 248;
    scalar[31] &= 63;
    scalar[31] |= 64;
    BigInteger a = littleEndian(scalar);
    byte[] publicKey = encode(times(BASE, a));
    BigInteger r = littleEndian(sha512(Arrays.copyOfRange(h, 32, 64), message)).mod(L);
    byte[] encodedR = encode(times(BASE, r));
    BigInteger k = littleEndian(sha512(encodedR, publicKey, message)).mod(L);
    BigInteger s = r.add(k.multiply(a)).mod(L);
    byte[] signature = Arrays.copyOf(encodedR, 64);
    System.arraycopy(bytes(s), 0, signature, 32, 32);
    return signature;
  }

  private static BigInteger[] add(BigInteger[] p, BigInteger[] q) {
    BigInteger xx = p[0].multiply(q[0]);
    BigInteger yy = p[1].multiply(q[1]);
    BigInteger dxy = D.multiply(xx).multiply(yy).mod(P);
    BigInteger x = p[0].multiply(q[1]).add(q[0].multiply(p[1]));
    BigInteger y = yy.add(xx); // a = -1
    return new BigInteger[] {
      x.multiply(BigInteger.ONE.add(dxy).modInverse(P)).mod(P),
      y.multiply(BigInteger.ONE.subtract(dxy).mod(P).modInverse(P)).mod(P)
    };
  }

  private static BigInteger[] times(BigInteger[] point, BigInteger n) {
    BigInteger[] sum = IDENTITY;
    for (int bit = n.bitLength() - 1; bit >= 0; bit--) {
      sum = add(sum, sum);
      if (n.testBit(bit)) {
        sum = add(sum, point);
      }
    }
    return sum;
  }

  /** A point as 32 bytes: y little-endian, and x's lowest bit in the top bit. */
  private static byte[] encode(BigInteger[] point) {
    byte[] out = bytes(point[1]);
    if (point[0].testBit(0)) {
      out[31] |= (byte) 0x80;
    }
    return out;
  }

  /** {@code n} as 32 little-endian bytes. */
  private static byte[] bytes(BigInteger n) {
    byte[] big = n.toByteArray();
    byte[] out = new byte[32];
    for (int i = 0; i < 32 && i < big.length; i++) {
      out[i] = big[big.length - 1 - i];
    }
    return out;
  }

  private static BigInteger littleEndian(byte[] bytes) {
    byte[] big = new byte[bytes.length + 1]; // a leading zero: never negative
    for (int i = 0; i < bytes.length; i++) {
      big[bytes.length - i] = bytes[i];
    }
    return new BigInteger(big);
  }

  private static byte[] sha512(byte[]... parts) {
    try {
      MessageDigest sha512 = MessageDigest.getInstance("SHA-512");
      for (byte[] part : parts) {
        sha512.update(part);
      }
      return sha512.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-512", e);
    }
  }
}
