package io.txbench.mongo.workloads;

import com.mongodb.MongoCommandException;
import com.mongodb.ServerAddress;
import io.txbench.core.script.Reply;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What a script reads from a MongoDB command's answer: the documents it returned or changed, the
 * first of them for a {@code \gset} (a cursor's first document, or the answer's own fields), and
 * the write errors that an answer marked ok still carries.
 */
final class MongoScriptReply {
  private MongoScriptReply() {}

  /**
   * The reply a script stores: a cursor's first batch (its size and first document), or a write's
   * count and fields, or the answer's fields as one document.
   */
  static Reply of(BsonDocument answer) {
    BsonDocument cursor = answer.getDocument("cursor", null);
    if (cursor != null && cursor.isArray("firstBatch")) {
      var batch = cursor.getArray("firstBatch");
      BsonValue first = batch.isEmpty() ? null : batch.get(0);
      return new Reply(
          batch.size(),
          first != null && first.isDocument() ? fields(first.asDocument()) : Map.of());
    }
    long rows = answer.isNumber("n") ? answer.getNumber("n").longValue() : 1;
    return new Reply(rows, fields(answer));
  }

  /** The documents the write command {@code name} changed, as its answer counts them. */
  static long changed(String name, BsonDocument answer) {
    return switch (name) {
      case "update" ->
          number(answer, "nModified")
              + (answer.isArray("upserted") ? answer.getArray("upserted").size() : 0);
      case "insert", "delete" -> number(answer, "n");
      case "findAndModify", "findandmodify" ->
          number(answer.getDocument("lastErrorObject", new BsonDocument()), "n");
      default -> 1; // a command without a count (createIndexes, say) changed what it names
    };
  }

  /**
   * {@code answer} when it holds no write error; otherwise the first one as the exception a failed
   * command throws, which the engine classifies (a duplicate key, a write conflict).
   */
  static BsonDocument checked(BsonDocument answer) {
    BsonValue error =
        answer.isArray("writeErrors") && !answer.getArray("writeErrors").isEmpty()
            ? answer.getArray("writeErrors").get(0)
            : answer.get("writeConcernError");
    if (error == null || !error.isDocument()) {
      return answer;
    }
    BsonDocument e = error.asDocument();
    BsonDocument failure =
        new BsonDocument("ok", new BsonInt32(0))
            .append("code", e.isNumber("code") ? e.getNumber("code") : new BsonInt32(-1))
            .append("errmsg", e.getString("errmsg", new BsonString("write error")));
    if (e.containsKey("errorLabels")) {
      failure.append("errorLabels", e.get("errorLabels"));
    }
    throw new MongoCommandException(failure, new ServerAddress());
  }

  private static long number(BsonDocument document, String field) {
    return document.isNumber(field) ? document.getNumber(field).longValue() : 0;
  }

  /** A document's fields as text: strings as they are, numbers in decimal, others as JSON. */
  private static Map<String, String> fields(BsonDocument document) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      fields.put(field.getKey(), text(field.getValue()));
    }
    return fields;
  }

  private static String text(BsonValue value) {
    return switch (value.getBsonType()) {
      case STRING -> value.asString().getValue();
      case INT32 -> Integer.toString(value.asInt32().getValue());
      case INT64 -> Long.toString(value.asInt64().getValue());
      case DOUBLE -> Double.toString(value.asDouble().getValue());
      case BOOLEAN -> Boolean.toString(value.asBoolean().getValue());
      case NULL -> "";
      case OBJECT_ID -> value.asObjectId().getValue().toHexString();
      default -> new BsonDocument("v", value).toJson().replaceFirst("^\\{\"v\": (.*)}$", "$1");
    };
  }
}
