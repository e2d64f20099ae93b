package io.txbench.core.spi.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerEndpointTest {
  private static TargetOptions url(String url) {
    return new TargetOptions(
        "ignored",
        5432,
        "postgres",
        "postgres",
        Secret.of(""),
        url,
        1,
        4,
        Duration.ofSeconds(5),
        Duration.ofSeconds(60),
        OptionValues.defaults());
  }

  @Test
  void theFirstHostOfAUrlWithoutItsUserAndPassword() {
    assertEquals(
        Optional.of(new ServerEndpoint("127.0.0.1", 3307)),
        url("jdbc:mysql://u:p@127.0.0.1:3307/db?x=1").endpoint());
    assertEquals(
        Optional.of(new ServerEndpoint("db1", 27017)),
        url("mongodb://db1:27017,db2:27017/?replicaSet=rs").endpoint());
    assertEquals(
        Optional.of(new ServerEndpoint("::1", 5433)),
        url("jdbc:postgresql://[::1]:5433/postgres").endpoint());
    assertEquals(
        Optional.of(new ServerEndpoint("localhost", 5432)),
        url("jdbc:postgresql://localhost/postgres").endpoint());
  }

  @Test
  void hostAndPortWithoutAUrl() {
    TargetOptions plain =
        new TargetOptions(
            "db.example.com",
            6543,
            "postgres",
            "postgres",
            Secret.of(""),
            null,
            1,
            4,
            Duration.ofSeconds(5),
            Duration.ofSeconds(60),
            OptionValues.defaults());
    assertEquals(Optional.of(new ServerEndpoint("db.example.com", 6543)), plain.endpoint());
  }

  @Test
  void localByItsNameOrAddressWithoutAskingDns() {
    assertTrue(new ServerEndpoint("localhost", 1).local());
    assertTrue(new ServerEndpoint("127.0.0.1", 1).local());
    assertTrue(new ServerEndpoint("::1", 1).local());
    assertFalse(new ServerEndpoint("192.0.2.1", 1).local()); // TEST-NET-1: nobody's
    assertFalse(new ServerEndpoint("db.example.com", 1).local());
  }
}
