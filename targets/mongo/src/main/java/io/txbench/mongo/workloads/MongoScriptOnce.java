package io.txbench.mongo.workloads;

import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import io.txbench.core.script.Command;
import io.txbench.core.script.Reply;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptCheck;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptRun;
import io.txbench.core.script.Step;
import io.txbench.core.script.Variables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A MongoDB script run once, outside any transaction and outside the measured run: {@code
 * --script-setup} before it, {@code --script-verify} after it, where each command is a check whose
 * answer must be one document saying true: its {@code ok} field, or its first field besides {@code
 * _id}, the boolean true (an aggregate ending in {@code {"$project": {"ok": {"$eq": [...]}}}}).
 */
final class MongoScriptOnce {
  /** What one command of a verify script answered, by line. */
  private MongoScriptOnce() {}

  /** The command a script's {@code send} holds, parsed (it was checked as the script was read). */
  static MongoScriptCommand command(Command.Send send) {
    try {
      return MongoScriptCommand.parse(send.text());
    } catch (ScriptException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * Runs {@code script} on {@code database}, and gives what each command answered as a check; an
   * error names the script's line.
   */
  static List<ScriptCheck> run(
      MongoDatabase database, Script script, Map<String, String> defines, long seed)
      throws InterruptedException {
    ScriptRun run =
        new ScriptRun(script, new Variables(0, seed, defines, new SplittableRandom(seed)));
    List<ScriptCheck> checks = new ArrayList<>();
    try {
      Reply reply = null;
      for (Step step = run.next(null); step != null; step = run.next(reply)) {
        TimeUnit.NANOSECONDS.sleep(step.pauseNanos());
        String where = script.where(step.command().line());
        if (step.command().text().startsWith("\\")) {
          reply = null;
          continue;
        }
        BsonDocument answer;
        try {
          answer =
              MongoScriptReply.checked(
                  database.runCommand(
                      command(step.command()).bind(step.parameters()), BsonDocument.class));
        } catch (MongoException e) {
          throw new IllegalStateException(where + ": " + e.getMessage(), e);
        }
        checks.add(check(where, answer));
        reply = MongoScriptReply.of(answer);
      }
    } catch (ScriptException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    return checks;
  }

  private static ScriptCheck check(String where, BsonDocument answer) {
    BsonDocument cursor = answer.getDocument("cursor", null);
    if (cursor == null || !cursor.isArray("firstBatch")) {
      return new ScriptCheck(where, false, "no cursor: " + answer.toJson());
    }
    List<BsonValue> batch = cursor.getArray("firstBatch");
    if (batch.size() != 1 || !batch.get(0).isDocument()) {
      return new ScriptCheck(where, false, batch.size() + " documents");
    }
    BsonDocument document = batch.get(0).asDocument();
    BsonValue said = document.get("ok");
    if (said == null) {
      said =
          document.entrySet().stream()
              .filter(f -> !f.getKey().equals("_id"))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElse(null);
    }
    boolean passed = said != null && said.isBoolean() && said.asBoolean().getValue();
    return new ScriptCheck(where, passed, document.toJson());
  }
}
