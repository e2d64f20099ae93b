package io.txbench.core.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Scripts read and run: pgbench's own, each meta-command, and the mistakes refused by line. */
class ScriptRunTest {
  private static final Set<String> BUILT_IN = Set.copyOf(Variables.BUILT_IN);

  static Script parse(String text) throws ScriptException {
    return ScriptParser.parse("t.sql", text, 1, new SqlSyntax(), BUILT_IN);
  }

  private static String refusal(String text) {
    return String.valueOf(assertThrows(ScriptException.class, () -> parse(text)).getMessage());
  }

  private static Variables variables() {
    return new Variables(0, 1, Map.of(), new SplittableRandom(3));
  }

  /** Runs {@code script} once, each command answered with {@code reply}; the steps it sent. */
  private static List<Step> run(Script script, Variables variables, Reply reply)
      throws ScriptException {
    ScriptRun run = new ScriptRun(script, variables);
    List<Step> steps = new ArrayList<>();
    for (Step s = run.next(null); s != null; s = run.next(reply)) {
      steps.add(s);
    }
    return steps;
  }

  /** One of pgbench's built-in scripts, as {@code pgbench --show-script} prints it. */
  static String resource(String name) throws IOException {
    return Files.readString(Path.of("..", "docs", "scripts", "pgbench", name));
  }

  @Test
  void pgbenchsTpcbLikeReadsAsSevenStatements() throws Exception {
    Script script = parse(resource("tpcb-like.sql"));
    assertEquals(7, script.sends().size());
    Command.Send update = script.sends().get(1);
    assertEquals(
        "UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?", update.text());
    assertEquals(List.of("delta", "aid"), update.variables());
    List<Step> steps = run(script, variables(), new Reply(1, Map.of()));
    assertEquals(7, steps.size());
    long aid = (Long) steps.get(1).parameters().get(1);
    assertTrue(aid >= 1 && aid <= 100_000, "aid " + aid);
    long delta = (Long) steps.get(1).parameters().get(0);
    assertTrue(delta >= -5000 && delta <= 5000);
  }

  @Test
  void sqlTextKeepsCastsQuotesAndCommentsButDropsLineComments() throws ScriptException {
    Script script =
        parse(
            "\\set a 1\nSELECT :a::int, ':a', \"x:a\", $$ :a $$, /* :a */ 'it''s;'\n"
                + "  -- :a; not a parameter\n  , :'a' ; SELECT (1;2) \\gset");
    List<Command.Send> sends = script.sends();
    assertEquals(
        "SELECT ?::int, ':a', \"x:a\", $$ :a $$, /* :a */ 'it''s;'\n  \n  , :'a'",
        sends.get(0).text());
    assertEquals(List.of("a"), sends.get(0).variables());
    assertEquals(2, sends.get(0).line());
    assertEquals("SELECT (1;2)", sends.get(1).text());
  }

  @Test
  void setSleepAndConditionals() throws ScriptException {
    Script script =
        parse(
            """
            \\set x 5
            \\sleep 2 ms
            \\if :x > 10
            SELECT 'big';
            \\elif :x > 3
            \\sleep :x us
            SELECT 'middle';
            \\else
            SELECT 'small';
            \\endif
            \\if false
            SELECT 'never';
            \\endif
            SELECT 'end';
            \\sleep 1 s
            """);
    ScriptRun run = new ScriptRun(script, variables());
    Step middle = Objects.requireNonNull(run.next(null));
    assertEquals("SELECT 'middle'", middle.command().text());
    assertEquals(2_000_000 + 5_000, middle.pauseNanos());
    Step end = Objects.requireNonNull(run.next(new Reply(1, Map.of())));
    assertEquals("SELECT 'end'", end.command().text());
    assertEquals(0, end.pauseNanos());
    assertNull(run.next(new Reply(1, Map.of())));
    assertEquals(1_000_000_000, run.pauseLeft());
  }

  @Test
  void gsetStoresTheFirstRowUnderItsPrefix() throws ScriptException {
    Script script =
        parse("SELECT 1 AS one, 2 AS two \\gset p_\n\\set sum :p_one + :p_two\nSELECT :sum;\n");
    Variables variables = variables();
    List<Step> steps = run(script, variables, new Reply(1, Map.of("one", "1", "two", "2")));
    assertEquals(List.of(3L), steps.get(1).parameters());
    ScriptRun run = new ScriptRun(script, variables);
    run.next(null);
    ScriptException none =
        assertThrows(ScriptException.class, () -> run.next(new Reply(0, Map.of())));
    assertEquals("t.sql:1: \\gset expects one row, the command returned 0", none.getMessage());
  }

  /**
   * The example of pgbench's manual for {@code \gset} and {@code \aset}, compound queries in it.
   */
  @Test
  void compoundQueriesAreSentOneByOneAndStoredAsPgbenchSays() throws ScriptException {
    Script script =
        parse(
            """
            UPDATE pgbench_accounts
              SET abalance = abalance + 1
              WHERE aid = 1
              RETURNING abalance \\gset
            -- compound of two queries
            SELECT 1 \\;
            SELECT 2 AS two, 3 AS three \\gset p_
            SELECT 4 AS four \\; SELECT 5 AS five \\aset
            SELECT :abalance + :p_two + :p_three + :four + :five;
            """);
    List<Command.Send> sends = script.sends();
    assertEquals(6, sends.size());
    assertEquals(List.of("SELECT 1", "SELECT 2 AS two, 3 AS three"), texts(sends.subList(1, 3)));
    assertEquals(
        List.of(false, true), sends.subList(1, 3).stream().map(Command.Send::storesRow).toList());
    assertEquals("p_", sends.get(2).prefix());
    assertEquals(List.of("SELECT 4 AS four", "SELECT 5 AS five"), texts(sends.subList(3, 5)));
    assertTrue(sends.get(3).aset() && sends.get(4).aset(), "\\aset stores each of its compound");
    assertEquals("t.sql:1: \\; must follow a command", refusal("\\; SELECT 1;"));
  }

  private static List<String> texts(List<Command.Send> sends) {
    return sends.stream().map(Command.Send::text).toList();
  }

  @Test
  void variablesLastFromOneRunToTheNext() throws ScriptException {
    Script script = parse("\\if :client_id = 0\n\\set n 0\n\\endif\n\\set n :n + 1\nSELECT :n;");
    Variables variables = variables();
    run(script, variables, new Reply(1, Map.of()));
    assertEquals(List.of(1L), run(script, variables, new Reply(1, Map.of())).get(0).parameters());
  }

  @Test
  void mistakesAreRefusedByFileAndLine() {
    assertEquals("t.sql:2: undefined variable \"nope\"", refusal("SELECT 1;\nSELECT :nope;"));
    assertEquals("t.sql:1: \\if without a matching \\endif", refusal("\\if 1\nSELECT 1;"));
    assertEquals("t.sql:2: \\endif without a matching \\if", refusal("SELECT 1;\n\\endif"));
    assertEquals(
        "t.sql:3: \\elif after \\else", refusal("\\if 1\n\\else\n\\elif 2\n\\endif\nSELECT 1;"));
    assertEquals(
        "t.sql:1: syntax error at column 4: unexpected end of expression",
        refusal("\\set x 1 +\nSELECT 1;"));
    assertEquals(
        "t.sql:2: \\shell is pgbench's; txbench does not run it", refusal("SELECT 1;\n\\shell ls"));
    assertEquals(
        "t.sql:1: \\setshell is pgbench's; txbench does not run it",
        refusal("\\setshell x echo 1"));
    assertEquals(
        "t.sql:1: \\startpipeline is pgbench's; txbench does not run it",
        refusal("\\startpipeline\nSELECT 1;\n\\endpipeline"));
    assertEquals("t.sql:1: \\gset must follow a command", refusal("\\gset\nSELECT 1;"));
    assertEquals("t.sql:1: unrecognized time unit, must be us, ms or s", refusal("\\sleep 1 h"));
    assertEquals("t.sql: the script has no command to send", refusal("-- nothing\n\\set x 1"));
  }

  @Test
  void runTimeErrorsNameTheLine() throws ScriptException {
    Script script = parse("SELECT 1;\n\\set x 1 / 0\nSELECT :x;");
    ScriptRun run = new ScriptRun(script, variables());
    run.next(null);
    ScriptException e = assertThrows(ScriptException.class, () -> run.next(new Reply(1, Map.of())));
    assertEquals("t.sql:2: division by zero", e.getMessage());
  }

  @Test
  void aGsetPrefixCoversTheVariablesItMaySet() throws ScriptException {
    Set<String> known = new HashSet<>(BUILT_IN);
    Script script =
        ScriptParser.parse(
            "g.sql", "SELECT 1 AS v \\gset q_\nSELECT :q_v;", 1, new SqlSyntax(), known);
    assertEquals(2, script.sends().size());
  }
}
