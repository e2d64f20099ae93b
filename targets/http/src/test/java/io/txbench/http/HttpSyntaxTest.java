package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.txbench.core.script.Command;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptParser;
import io.txbench.core.script.Variables;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How an http script is read: requests in a request file's format, apart at {@code ###} or a
 * meta-command, their {@code :variables} slots (but not a URL's scheme, a header's colon or
 * JSON's), and what is wrong refused with the file and the line it is on.
 */
class HttpSyntaxTest {
  private static Script read(String text) throws ScriptException {
    Set<String> defined = new HashSet<>(Variables.BUILT_IN);
    defined.add("token");
    return ScriptParser.parse("s.http", text, 1, new HttpSyntax(), defined);
  }

  private static String refused(String text) {
    return String.valueOf(assertThrows(ScriptException.class, () -> read(text)).getMessage());
  }

  @Test
  void requestsEndAtThreeHashesOrAMetaCommandAndTheirVariablesAreSlots() throws Exception {
    Script script =
        read(
            """
            # a comment
            \\set id random(1, 9)
            POST http://h:8080/items/:id?by=:client_id
            Authorization: Bearer :token
            Content-Type: application/json

            {"id": :id, "ok":true, "at": "12:30"}

            ###
            GET /items/:id
            \\gset item_
            DELETE /items/:item_id


            """);
    List<Command.Send> sends = script.sends();
    assertEquals(3, sends.size());
    assertEquals(List.of(3, 10, 12), sends.stream().map(Command.Send::line).toList());
    assertEquals(List.of("id", "client_id", "token", "id"), sends.get(0).variables());
    RequestTemplate post = RequestTemplate.parse(sends.get(0).text(), "s", false);
    assertEquals("http://h:8080/items/7?by=7", with(post.url(), 7));
    assertEquals("Bearer 7", with(post.headers().get(0).value(), 7));
    assertEquals("{\"id\": 7, \"ok\":true, \"at\": \"12:30\"}", with(post.body(), 7));
    assertEquals("item_", sends.get(1).prefix());
    assertEquals(List.of("item_id"), sends.get(2).variables());
  }

  @Test
  void whatIsWrongIsRefusedWithItsFileAndLine() {
    assertEquals(
        "s.http:4: is no header (Name: value)",
        refused("GET /a\n###\nPOST /b\nno colon\n\nbody\n"));
    assertEquals(
        "s.http:4: sets Content-Length, which txbench sets itself",
        refused("GET /a\n###\nPOST /b\nContent-Length: 3\n\nabc\n"));
    assertEquals(
        "s.http:3: a body that starts as a request: end each request with a line ###",
        refused("POST /a\n\nGET /b\n"));
    assertEquals("s.http:3: undefined variable \"nope\"", refused("GET /a\n###\nGET /b/:nope\n"));
    assertEquals(
        "s.http:1: has a variable in its server (':variable'): variables go in the path, the query,"
            + " headers or the body; each worker keeps its connection to one server",
        refused("GET http://:host/x\n"));
    assertEquals(
        "s.http:1: is no request line (METHOD URL, as in POST /items/{key})", refused("get /a\n"));
    assertEquals(
        "s.http:2: \\shell is pgbench's; txbench does not run it", refused("GET /\n\\shell ls\n"));
  }

  /** The text with {@code value} in each slot. */
  private static String with(SlottedText text, Object value) {
    return text.written().replace(String.valueOf(SlottedText.SLOT), String.valueOf(value));
  }
}
