package io.txbench.core.script;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * Links each {@code \if}'s lines: from each to the next line of the same conditional, and to its
 * {@code \endif}; refuses a conditional left open, an {@code \elif} or {@code \else} after its
 * {@code \else}, and lines of no {@code \if}.
 */
final class Conditionals {
  private Conditionals() {}

  static Script link(String name, String text, int weight, List<Command> commands)
      throws ScriptException {
    List<Integer> next = new ArrayList<>(Collections.nCopies(commands.size(), -1));
    List<Integer> end = new ArrayList<>(Collections.nCopies(commands.size(), -1));
    Deque<List<Integer>> open = new ArrayDeque<>(); // the lines of each open conditional
    for (int i = 0; i < commands.size(); i++) {
      if (!(commands.get(i) instanceof Command.Branch branch)) {
        continue;
      }
      String where = name + ":" + branch.line() + ": ";
      if (branch.kind() == Command.BranchKind.IF) {
        open.push(new ArrayList<>(List.of(i)));
        continue;
      }
      List<Integer> lines = open.peek();
      String word = "\\" + branch.kind().name().toLowerCase(java.util.Locale.ROOT);
      if (lines == null) {
        throw new ScriptException(where + word + " without a matching \\if");
      }
      int last = lines.get(lines.size() - 1);
      if (((Command.Branch) commands.get(last)).kind() == Command.BranchKind.ELSE
          && branch.kind() != Command.BranchKind.ENDIF) {
        throw new ScriptException(where + word + " after \\else");
      }
      next.set(last, i);
      lines.add(i);
      if (branch.kind() == Command.BranchKind.ENDIF) {
        open.pop();
        for (int at : lines) {
          end.set(at, i);
        }
      }
    }
    if (!open.isEmpty()) {
      int first = open.peek().get(0);
      throw new ScriptException(
          name + ":" + commands.get(first).line() + ": \\if without a matching \\endif");
    }
    return new Script(name, weight, text, commands, next, end);
  }
}
