package io.txbench.mongo.workloads;

import io.txbench.core.script.Command;
import io.txbench.core.script.CommandSyntax;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A MongoDB script's commands: each is one database command in extended JSON, as {@code {"find":
 * "orders", "filter": {"customer_id": :id}}}, that ends where its braces close, so that it may span
 * lines. A {@code :name} where a value goes (after a field's colon, a bracket, a comma or a
 * parenthesis) is a variable, written {@code ?} in the command's text and bound as a BSON value
 * when it runs ({@link MongoScriptCommand}); a colon between a field and its value never is. A
 * command that is not JSON is refused as the script is read. {@code \begin} and {@code \commit} are
 * this target's own meta-commands: they make the script one transaction.
 */
public final class MongoScriptSyntax implements CommandSyntax {
  static final String BEGIN = "\\begin";
  static final String COMMIT = "\\commit";
  private static final Set<Character> BEFORE_VALUE = Set.of(':', '[', ',', '(');

  @Override
  public Scanned scan(String source, int from) throws ScriptException {
    if (source.charAt(from) != '{') {
      throw new ScriptException(
          "a MongoDB command is one JSON document in braces, as {\"find\": \"orders\"}, not "
              + firstWord(source, from));
    }
    StringBuilder text = new StringBuilder();
    List<String> variables = new ArrayList<>();
    int depth = 0;
    int i = from;
    char last = ' ';
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '"' || c == '\'') {
        int end = stringEnd(source, i);
        text.append(source, i, end);
        i = end;
        last = c;
        continue;
      }
      if (c == ':' && BEFORE_VALUE.contains(last) && CommandSyntax.nameEnd(source, i + 1) > i + 1) {
        int end = CommandSyntax.nameEnd(source, i + 1);
        variables.add(source.substring(i + 1, end));
        text.append('?');
        i = end;
        last = '?';
        continue;
      }
      depth += c == '{' || c == '[' || c == '(' ? 1 : c == '}' || c == ']' || c == ')' ? -1 : 0;
      text.append(c);
      last = Character.isWhitespace(c) ? last : c;
      i++;
      if (depth == 0) {
        MongoScriptCommand.parse(text.toString()); // a JSON error is the user's, found now
        return new Scanned(i, text.toString(), variables);
      }
    }
    throw new ScriptException("the JSON document that starts here never closes its braces");
  }

  /** {@code \begin} and {@code \commit}; {@code \rollback} is refused as it is read. */
  @Override
  public boolean ownsMeta(String word) {
    return word.equals("begin") || word.equals("commit") || word.equals("rollback");
  }

  /**
   * A script with {@code \begin} is one transaction: {@code \begin} comes before its first command
   * and {@code \commit} after its last, once each.
   */
  @Override
  public void check(Script script) throws ScriptException {
    List<Command.Send> sends = script.sends();
    boolean opens = sends.stream().anyMatch(s -> s.text().equals(BEGIN));
    for (int i = 0; i < sends.size(); i++) {
      Command.Send s = sends.get(i);
      String where = script.where(s.line()) + ": ";
      if (s.text().equals("\\rollback")) {
        throw new ScriptException(
            where + "\\rollback is not run on mongo: a script's transaction ends with \\commit");
      }
      if (s.text().equals(BEGIN) && i != 0) {
        throw new ScriptException(
            where + "\\begin after other commands: a script with \\begin is one transaction");
      }
      if (s.text().equals(COMMIT) && (!opens || i != sends.size() - 1)) {
        throw new ScriptException(
            where + "\\commit must end a script that opens with \\begin, after its last command");
      }
    }
    if (opens && !sends.get(sends.size() - 1).text().equals(COMMIT)) {
      throw new ScriptException(script.name() + ": \\begin without \\commit");
    }
  }

  /** Where the string that opens at {@code at} ends, after its closing quote. */
  private static int stringEnd(String source, int at) {
    char quote = source.charAt(at);
    int i = at + 1;
    while (i < source.length() && source.charAt(i) != quote) {
      i += source.charAt(i) == '\\' ? 2 : 1;
    }
    return Math.min(i + 1, source.length());
  }

  private static String firstWord(String source, int from) {
    int end = from;
    while (end < source.length() && !Character.isWhitespace(source.charAt(end))) {
      end++;
    }
    return "'" + source.substring(from, Math.min(end, from + 40)) + "'";
  }
}
