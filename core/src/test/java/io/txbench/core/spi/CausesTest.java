package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CausesTest {

  @Test
  void theRootIsTheInnermostCause() {
    IOException root = new IOException("Connection refused");
    RuntimeException e = new RuntimeException("pool failed", new SQLException("no conn", root));
    assertSame(root, Causes.root(e));
    assertEquals(List.of(e, e.getCause(), root), Causes.chain(e));
    assertSame(root, Causes.root(root));
  }

  @Test
  void aChainThatLoopsBackStillEnds() {
    Exception a = new Exception("a");
    Exception b = new Exception("b", a);
    a.initCause(b);
    assertEquals(List.of(a, b), Causes.chain(a));
    assertSame(b, Causes.root(a));
  }

  @Test
  void describeAddsTheRootsMessageOnceOnOneLine() {
    Exception root = new Exception("refused\nby the server");
    assertEquals(
        "lost it (refused by the server)",
        Causes.describe(new Exception("lost it", new Exception("middle", root))));
    assertEquals(
        "lost it: refused by the server",
        Causes.describe(new Exception("lost it: refused\nby the server", root)));
    assertEquals("null", Causes.describe(new Exception((String) null)));
    assertEquals("null", Causes.oneLine(null));
  }
}
