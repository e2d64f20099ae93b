package io.txbench.core.spi.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Objects;
import org.junit.jupiter.api.Test;

class SecretTest {

  @Test
  void neverPrintsItself() {
    Secret s = Secret.of("hunter2");
    assertEquals("****", s.toString());
    assertEquals("error for ****", s.maskIn("error for hunter2"));
    assertEquals("hunter2", s.reveal());
  }

  @Test
  void masksPasswordsInUrls() {
    assertEquals(
        "jdbc:postgresql://db:5432/x?user=a&password=****&ssl=true",
        Secret.maskUrl("jdbc:postgresql://db:5432/x?user=a&password=p4ss&ssl=true"));
    assertEquals(
        "mongodb://admin:****@db1:27017,db2/test?replicaSet=rs0",
        Secret.maskUrl("mongodb://admin:p4ss@db1:27017,db2/test?replicaSet=rs0"));
    assertFalse(
        Objects.requireNonNull(Secret.maskUrl("jdbc:mysql://h/db?pwd=zz;x=1")).contains("zz"));
  }
}
