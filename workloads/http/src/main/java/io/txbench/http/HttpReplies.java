package io.txbench.http;

import io.txbench.core.script.Reply;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/**
 * What an http script's {@code \gset} stores of an answer: the top-level fields of its body, a JSON
 * object, as one row whose columns are the fields. A string is its text, a number or a boolean as
 * JSON writes it, null the empty string (as pgbench stores SQL's NULL), an object or an array its
 * JSON. A body that is no JSON object is no row, which {@code \gset} refuses.
 */
final class HttpReplies {
  /** The answer of a request whose fields nobody asked for. */
  static final Reply NONE = new Reply(0, Map.of());

  private HttpReplies() {}

  static Reply fields(String body) {
    JsonObject object;
    try {
      object = new JsonObject(body);
    } catch (DecodeException | ClassCastException e) {
      return NONE;
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
}
