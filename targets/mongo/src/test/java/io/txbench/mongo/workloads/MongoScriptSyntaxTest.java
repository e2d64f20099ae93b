package io.txbench.mongo.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.script.Command;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptParser;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class MongoScriptSyntaxTest {
  private static final MongoScriptSyntax SYNTAX = new MongoScriptSyntax();

  private static Script parse(String text) throws ScriptException {
    Script script = ScriptParser.parse("orders.json", text, 1, SYNTAX, Set.of("id", "client_id"));
    SYNTAX.check(script);
    return script;
  }

  private static String error(String text) {
    return String.valueOf(assertThrows(ScriptException.class, () -> parse(text)).getMessage());
  }

  @Test
  void aCommandEndsWhereItsBracesCloseAndItsVariablesAreValues() throws Exception {
    Script script =
        parse(
            """
            {"find": "orders",
             "filter": {"customer_id": :id, "tag": "a:b :id", "open":true},
             "sort": {"n":-1}, "in": [:id, :client_id]} \\gset o_
            {"ping": 1}
            """);
    List<Command.Send> sends = script.sends();
    assertEquals(2, sends.size());
    Command.Send find = sends.get(0);
    assertEquals(1, find.line());
    assertEquals(List.of("id", "id", "client_id"), find.variables());
    assertTrue(find.text().contains("\"customer_id\": ?"), find.text());
    assertTrue(find.text().contains("\"a:b :id\""), find.text()); // a string stays as written
    assertEquals("o_", find.prefix());
    assertEquals(4, sends.get(1).line());

    BsonDocument bound = MongoScriptCommand.parse(find.text()).bind(List.of(7L, 2.5, "seven"));
    assertEquals(
        BsonDocument.parse(
            "{\"find\": \"orders\", \"filter\": {\"customer_id\": {\"$numberLong\": \"7\"},"
                + " \"tag\": \"a:b :id\", \"open\": true}, \"sort\": {\"n\": -1},"
                + " \"in\": [2.5, \"seven\"]}"),
        bound);
    assertEquals("find", MongoScriptCommand.parse(find.text()).name());
  }

  @Test
  void whatReadsAndWhatWrites() throws Exception {
    assertTrue(!MongoScriptCommand.parse("{\"aggregate\": \"o\", \"pipeline\": []}").writes());
    assertTrue(MongoScriptCommand.parse("{\"update\": \"o\", \"updates\": []}").writes());
  }

  @Test
  void aJsonErrorNamesTheFileAndTheCommandsLine() {
    String message = error("\\set x 1\n\n{\"find\": \"orders\", \"filter\": {\"_id\": }}\n");
    assertTrue(message.startsWith("orders.json:3: the command is not JSON"), message);
    message = error("{\"ping\": 1}\n{\"find\": \"orders\",\n \"filter\": {\n");
    assertTrue(message.startsWith("orders.json:2: the JSON document"), message);
    message = error("find orders\n");
    assertTrue(
        message.startsWith("orders.json:1: a MongoDB command is one JSON document"), message);
  }

  @Test
  void aTransactionIsTheWholeScript() throws Exception {
    Script script = parse("\\set x 1\n\\begin\n{\"ping\": 1}\n\\commit\n");
    assertEquals(List.of("\\begin", "{\"ping\": 1}", "\\commit"), texts(script));
    assertTrue(MongoScriptWorkload.opens(script));
    assertTrue(
        error("{\"ping\": 1}\n\\begin\n{\"ping\": 1}\n\\commit\n")
            .startsWith("orders.json:2: \\begin after other commands"));
    assertTrue(error("\\begin\n{\"ping\": 1}\n").contains("\\begin without \\commit"));
    assertTrue(error("{\"ping\": 1}\n\\commit\n").startsWith("orders.json:2: \\commit must end"));
    assertTrue(
        error("\\begin\n{\"ping\": 1}\n\\rollback\n")
            .startsWith("orders.json:3: \\rollback is not run on mongo"));
    assertTrue(error("\\begin now\n{\"ping\": 1}\n").contains("\\begin takes no argument"));
  }

  private static List<String> texts(Script script) {
    return script.sends().stream().map(Command.Send::text).toList();
  }
}
