package io.txbench.mongo.workloads;

import io.txbench.core.script.ScriptException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.json.JsonParseException;

/**
 * A script's MongoDB command, parsed once: the document its text describes, with a marker where
 * each {@code ?} (a variable) stands, which {@link #bind} replaces with the values of one run. Its
 * name is its first field ({@code find}, {@code update}); it writes unless it is one of the
 * commands that only read.
 */
record MongoScriptCommand(BsonDocument template, String name, boolean parameterized) {
  private static final String MARKER = "$$txbench";
  private static final Set<String> READS =
      Set.of(
          "find",
          "aggregate",
          "count",
          "distinct",
          "getMore",
          "explain",
          "listCollections",
          "listIndexes",
          "dbStats",
          "collStats",
          "ping",
          "hello",
          "isMaster",
          "buildInfo",
          "serverStatus");

  /**
   * The command whose text is {@code text}, each {@code ?} outside a string a parameter.
   *
   * @throws ScriptException when it is not one JSON document with a command's name first
   */
  static MongoScriptCommand parse(String text) throws ScriptException {
    StringBuilder json = new StringBuilder();
    int parameters = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\'') {
        int end = i + 1;
        while (end < text.length() && text.charAt(end) != c) {
          end += text.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(end, text.length() - 1);
        json.append(text, i, end + 1);
        i = end;
      } else if (c == '?') {
        json.append("{\"").append(MARKER).append("\": ").append(parameters++).append('}');
      } else {
        json.append(c);
      }
    }
    BsonDocument document;
    try {
      document = BsonDocument.parse(json.toString());
    } catch (JsonParseException | IllegalArgumentException e) {
      throw new ScriptException("the command is not JSON: " + e.getMessage());
    }
    if (document.isEmpty()) {
      throw new ScriptException("the command is an empty document: its first field names it");
    }
    return new MongoScriptCommand(document, document.getFirstKey(), parameters > 0);
  }

  /** Whether the server may change something when it runs this command. */
  boolean writes() {
    return !READS.contains(name);
  }

  /** The command with {@code parameters} (a Long, a Double, a Boolean or text) in their places. */
  BsonDocument bind(List<Object> parameters) {
    return parameterized ? (BsonDocument) bound(template, parameters) : template;
  }

  private static BsonValue bound(BsonValue value, List<Object> parameters) {
    if (value.isDocument()) {
      BsonDocument document = value.asDocument();
      if (document.size() == 1 && document.containsKey(MARKER)) {
        return bson(parameters.get(document.getInt32(MARKER).getValue()));
      }
      BsonDocument copy = new BsonDocument();
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        copy.put(field.getKey(), bound(field.getValue(), parameters));
      }
      return copy;
    }
    if (value.isArray()) {
      BsonArray copy = new BsonArray();
      for (BsonValue item : value.asArray()) {
        copy.add(bound(item, parameters));
      }
      return copy;
    }
    return value;
  }

  private static BsonValue bson(Object parameter) {
    if (parameter instanceof Long l) {
      return new BsonInt64(l);
    }
    if (parameter instanceof Double d) {
      return new BsonDouble(d);
    }
    if (parameter instanceof Boolean b) {
      return BsonBoolean.valueOf(b);
    }
    return new BsonString(parameter.toString());
  }
}
