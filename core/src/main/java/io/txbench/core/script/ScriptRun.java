package io.txbench.core.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One run of a script from top to bottom on a worker's variables: runs its meta-commands in turn
 * and hands out each command to send ({@link #next}), given the reply to the one before, which a
 * {@code \gset} or {@code \aset} stores. A target's client calls it between its round trips, on
 * whatever thread it runs, so it never blocks: a {@code \sleep} becomes the pause before the next
 * command, or after the last ({@link #pauseLeft}).
 */
public final class ScriptRun {
  private final Script script;
  private final Variables variables;
  private int at;
  private long pause;
  private Command.@Nullable Send sent;

  public ScriptRun(Script script, Variables variables) {
    this.script = script;
    this.variables = variables;
  }

  public Script script() {
    return script;
  }

  /**
   * The next command to send, the meta-commands before it run; null when the script is done. An
   * error names the script's line.
   *
   * @param reply what the target answered to the last command handed out (null before the first)
   */
  public @Nullable Step next(@Nullable Reply reply) throws ScriptException {
    Command.Send last = sent;
    sent = null;
    if (last != null && last.storesRow()) {
      store(last, reply);
    }
    List<Command> commands = script.commands();
    while (at < commands.size()) {
      Command c = commands.get(at);
      try {
        if (c instanceof Command.Set s) {
          variables.set(s.name(), s.expr().eval(variables));
          at++;
        } else if (c instanceof Command.Sleep s) {
          pause += sleepNanos(s);
          at++;
        } else if (c instanceof Command.Branch b) {
          at = branch(at, b);
        } else {
          Command.Send s = (Command.Send) c;
          at++;
          sent = s;
          Step step = new Step(s, parameters(s), pause);
          pause = 0;
          return step;
        }
      } catch (ScriptException e) {
        throw e.at(script.where(c.line()));
      }
    }
    return null;
  }

  /** The pause of the {@code \sleep}s after the last command, once {@link #next} gave null. */
  public long pauseLeft() {
    return pause;
  }

  private long sleepNanos(Command.Sleep s) throws ScriptException {
    long amount = s.variable() == null ? s.amount() : variables.value(s.variable()).asInt();
    try {
      return Math.max(0, Math.multiplyExact(amount, s.unitNanos()));
    } catch (ArithmeticException e) {
      throw new ScriptException("sleep time out of range: " + amount);
    }
  }

  /** Where a conditional's line at {@code i} leads. */
  private int branch(int i, Command.Branch b) throws ScriptException {
    return switch (b.kind()) {
      case IF -> enter(i);
      case ELIF, ELSE -> script.end().get(i); // the branch before ran: on after the \endif
      case ENDIF -> i + 1;
    };
  }

  /** The first line of the branch taken, from the {@code \if} at {@code i}. */
  private int enter(int i) throws ScriptException {
    int line = i;
    while (true) {
      Command.Branch b = (Command.Branch) script.commands().get(line);
      Expr condition = b.condition();
      if (condition == null) {
        return line + 1; // \else, or \endif: none taken
      }
      try {
        if (condition.eval(variables).truth()) {
          return line + 1;
        }
      } catch (ScriptException e) {
        throw e.at(script.where(b.line()));
      }
      line = script.next().get(line);
    }
  }

  private List<Object> parameters(Command.Send s) throws ScriptException {
    List<Object> values = new ArrayList<>(s.variables().size());
    for (String name : s.variables()) {
      values.add(variables.raw(name).parameter());
    }
    return values;
  }

  private void store(Command.Send s, @Nullable Reply reply) throws ScriptException {
    long rows = reply == null ? 0 : reply.rows();
    if (!s.aset() && rows != 1) {
      String why = reply == null ? null : reply.noRow();
      throw new ScriptException(
          script.where(s.line())
              + ": \\gset expects one row"
              + (why == null ? ", the command returned " + rows : ": " + why));
    }
    if (reply == null || rows == 0) {
      return;
    }
    String prefix = s.prefix() == null ? "" : s.prefix();
    for (Map.Entry<String, String> column : reply.firstRow().entrySet()) {
      variables.set(prefix + column.getKey(), Value.text(column.getValue()));
    }
  }
}
