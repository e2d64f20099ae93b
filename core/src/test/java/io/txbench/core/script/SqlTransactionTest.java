package io.txbench.core.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A script's BEGIN, COMMIT and ROLLBACK lines, and those out of place refused by line. */
class SqlTransactionTest {

  private static String refusal(String text) {
    return String.valueOf(
        assertThrows(ScriptException.class, () -> SqlTransaction.check(ScriptRunTest.parse(text)))
            .getMessage());
  }

  @Test
  void readsTheLinesThatOpenAndEndATransaction() {
    assertEquals(SqlTransaction.BEGIN, SqlTransaction.of("begin"));
    assertEquals(SqlTransaction.BEGIN, SqlTransaction.of("START TRANSACTION"));
    assertEquals(SqlTransaction.COMMIT, SqlTransaction.of("END"));
    assertEquals(SqlTransaction.COMMIT, SqlTransaction.of("commit work"));
    assertEquals(SqlTransaction.ROLLBACK, SqlTransaction.of("ABORT"));
    assertEquals(SqlTransaction.NONE, SqlTransaction.of("ROLLBACK TO SAVEPOINT a"));
    assertEquals(SqlTransaction.NONE, SqlTransaction.of("SELECT 1"));
  }

  @Test
  void aScriptWithBeginIsOneTransaction() throws Exception {
    assertTrue(SqlTransaction.opens(ScriptRunTest.parse(ScriptRunTest.resource("tpcb-like.sql"))));
    assertFalse(
        SqlTransaction.opens(ScriptRunTest.parse(ScriptRunTest.resource("select-only.sql"))));
  }

  @Test
  void refusesTransactionLinesOutOfPlace() {
    assertEquals(
        "t.sql:2: BEGIN after other commands: a script with BEGIN is one transaction, which BEGIN"
            + " opens",
        refusal("SELECT 1;\nBEGIN;\nCOMMIT;"));
    assertEquals(
        "t.sql:3: a command after COMMIT: a script with BEGIN is one transaction, which COMMIT"
            + " ends",
        refusal("BEGIN;\nCOMMIT;\nSELECT 1;"));
    assertEquals("t.sql: BEGIN without COMMIT", refusal("BEGIN;\nSELECT 1;"));
    assertEquals("t.sql:1: COMMIT without BEGIN", refusal("COMMIT;"));
    assertTrue(refusal("BEGIN;\nSELECT 1;\nCOMMIT;\n\\sleep 1 ms").startsWith("t.sql:4: \\sleep"));
  }

  @Test
  void aSourceRecordsItsDigestOnItsFirstLine() {
    ScriptSource source = new ScriptSource("a.sql", 2, "SELECT 1;\n");
    assertEquals(
        "a.sql@2 sha256:" + Script.sha256("SELECT 1;\n") + "\nSELECT 1;\n", source.toString());
    assertEquals(64, source.sha256().length());
  }
}
