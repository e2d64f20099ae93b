package io.txbench.http;

import io.txbench.core.script.Reply;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What an http script's {@code \gset} stores of an answer: the top-level fields of its body, a JSON
 * object, as one row whose columns are the fields. A string is its text, a number or a boolean as
 * JSON writes it, null the empty string (as pgbench stores SQL's NULL), an object or an array its
 * JSON. A body that is no JSON object is no row, which {@code \gset} refuses, saying what the
 * answer was.
 */
final class HttpReplies {
  /** The answer of a request whose fields nobody asked for. */
  static final Reply NONE = new Reply(0, Map.of());

  /** The most of a body a message shows. */
  private static final int SHOWN = 60;

  private HttpReplies() {}

  /** The fields of {@code body}, the answer to {@code request} (its method and URL, for words). */
  static Reply fields(String body, Supplier<String> request) {
    JsonObject object;
    try {
      object = new JsonObject(body);
    } catch (DecodeException | ClassCastException e) {
      return Reply.noRow("the answer to " + request.get() + " is no JSON object: " + shown(body));
    }
    Map<String, String> fields = new HashMap<>();
    for (Map.Entry<String, Object> field : object) {
      Object value = field.getValue();
      String text =
          value == null
              ? ""
              : value instanceof JsonObject o
                  ? o.encode()
                  : value instanceof JsonArray a ? a.encode() : value.toString();
      fields.put(field.getKey(), text);
    }
    return new Reply(1, fields);
  }

  /** The start of {@code body} on one line, as a message shows it. */
  private static String shown(String body) {
    String text = body.substring(0, Math.min(body.length(), SHOWN * 4)).strip();
    text = text.replaceAll("\\s+", " ");
    if (text.isEmpty()) {
      return "an empty body";
    }
    return text.length() <= SHOWN ? text : text.substring(0, SHOWN - 3) + "...";
  }
}
