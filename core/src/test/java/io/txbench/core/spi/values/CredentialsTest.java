package io.txbench.core.spi.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The one masking function: a password with every awkward character, in every form. */
class CredentialsTest {
  private static final String PASSWORD = "Hd4@:/?#&;=%'\" q8Tl";
  private static final String ENCODED =
      URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8).replace("+", "%20");

  private static void assertHidden(@Nullable String masked) {
    String text = Objects.requireNonNull(masked, "text masked is text");
    for (String part : List.of("Hd4", "q8Tl")) {
      assertFalse(text.contains(part), text);
    }
  }

  @Test
  void aPasswordGivenAloneIsMaskedAsItIsAndEncoded() {
    Credentials c = new Credentials();
    c.add(PASSWORD);
    assertEquals(
        "login failed for **** at ****", c.mask("login failed for " + PASSWORD + " at " + ENCODED));
    assertHidden(
        c.mask(
            "url: jdbc:postgresql://h/db?password="
                + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8)));
  }

  @Test
  void aPasswordTypedUnencodedIntoAUrlIsFoundWholeWhereverItSits() {
    for (String url :
        List.of(
            "jdbc:postgresql://127.0.0.1:5432/db?user=bench&password=" + PASSWORD,
            "jdbc:postgresql://127.0.0.1:5432/db?password=" + PASSWORD + "&ssl=false",
            "jdbc:mysql://bench:" + PASSWORD + "@127.0.0.1:3306/db",
            "jdbc:mysql://127.0.0.1/db?user=bench&password1=" + PASSWORD,
            "mongodb://bench:" + ENCODED + "@db1,db2/test?replicaSet=rs0",
            "jdbc:mysql://h/db?authToken=" + PASSWORD)) {
      Credentials c = new Credentials();
      c.addUrl(url);
      assertHidden(c.mask("cannot connect to " + url + ": refused"));
      assertHidden(c.mask("the driver says: " + PASSWORD.substring(0, 9) + PASSWORD.substring(9)));
    }
  }

  @Test
  void aPasswordAnotherLibraryMaskedOnlyInPartIsMaskedWhole() {
    Credentials c = new Credentials();
    c.addUrl("jdbc:postgresql://h/db?user=bench&password=" + PASSWORD);
    // Hikari masks a password parameter up to its first ; or &: the rest would show.
    assertHidden(
        c.mask("jdbcUrl=jdbc:postgresql://h/db?user=bench&password=<masked>&;=%'\"" + " q8Tl"));
  }

  @Test
  void urlShapesAreMaskedInTextItWasNeverToldAbout() {
    Credentials c = new Credentials();
    assertEquals(
        "jdbc:postgresql://u:****@h/db?user=u&password=****&ssl=true",
        c.mask("jdbc:postgresql://u:p4ss@h/db?user=u&password=p4ss&ssl=true"));
    assertEquals(
        "x?pwd=**** and mongodb://a:****@h/", c.mask("x?pwd=ab;Tail99 and mongodb://a:s3@h/"));
    assertEquals("no secrets here", c.mask("no secrets here"));
  }

  @Test
  void aWholeUrlIsMaskedWhereItsSecretsStandAndNowhereElse() {
    // The README's CI example: the password is also the user's, the database's, the target's name.
    assertEquals(
        "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres&password=****",
        Credentials.maskUrl(
            "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres&password=postgres"));
    assertEquals(
        "mongodb://txbench:****@txbench:27017/txbench?authSource=admin",
        Credentials.maskUrl("mongodb://txbench:txbench@txbench:27017/txbench?authSource=admin"));
    assertEquals(
        "jdbc:mysql://h:3306/db?password=****&user=point",
        Credentials.maskUrl("jdbc:mysql://h:3306/db?password=point&user=point"));
    assertEquals(
        "jdbc:x://h/db?password=****&user=u&token=****",
        Credentials.maskUrl("jdbc:x://h/db?password=a&user=u&token=t"));
    assertEquals(
        "jdbc:x://h/db?user=u",
        Credentials.withoutSecrets("jdbc:x://h/db?password=a&user=u&token=t"));
    for (String url :
        List.of(
            "jdbc:postgresql://127.0.0.1:5432/db?user=bench&password=" + PASSWORD,
            "jdbc:postgresql://127.0.0.1:5432/db?password=" + PASSWORD + "&ssl=false",
            "jdbc:mysql://bench:" + PASSWORD + "@127.0.0.1:3306/db",
            "jdbc:mysql://127.0.0.1/db?user=bench&password1=" + PASSWORD,
            "mongodb://bench:" + ENCODED + "@db1,db2/test?replicaSet=rs0",
            "jdbc:mysql://h/db?authToken=" + PASSWORD)) {
      assertHidden(Credentials.maskUrl(url));
    }
  }

  @Test
  void theShapesLeaveACommonWordAloneWhereNoPasswordStands() {
    Credentials c = new Credentials();
    c.addUrl("jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres&password=postgres");
    String own = "Running point-select on postgres with 8 thread(s)";
    assertEquals(own, Credentials.maskShapes(own));
    // A driver's words may quote the password anywhere: there every occurrence is masked.
    assertEquals("password **** is wrong", c.mask("password postgres is wrong"));
  }

  /** A password masked already is masked again as it is: the message after it keeps its colon. */
  @Test
  void aMaskedPasswordKeepsTheWordsAfterIt() {
    String line =
        "cannot connect to PostgreSQL at jdbc:postgresql://h/db?user=x&password=****: the driver"
            + " could not parse the URL";
    assertEquals(line, Credentials.maskShapes(line));
    assertEquals(line, new Credentials().mask(line));
    assertEquals("?password=****&user=x", Credentials.maskShapes("?password=****&user=x"));
    assertEquals("?password=**** ", Credentials.maskShapes("?password=****:x "));
  }
}
