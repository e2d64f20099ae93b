package io.txbench.core.script;

/** A {@code \set}, {@code \if} or {@code \elif} expression, as pgbench's grammar parses it. */
public interface Expr {

  /** Its value given the variables (and random generator) of one worker. */
  Value eval(Variables variables) throws ScriptException;

  /** Adds the variables it reads to {@code into}. */
  void uses(java.util.Set<String> into);

  /** A literal. */
  record Constant(Value value) implements Expr {
    @Override
    public Value eval(Variables variables) {
      return value;
    }

    @Override
    public void uses(java.util.Set<String> into) {}
  }

  /** A {@code :name} reference. */
  record Variable(String name) implements Expr {
    @Override
    public Value eval(Variables variables) throws ScriptException {
      return variables.value(name);
    }

    @Override
    public void uses(java.util.Set<String> into) {
      into.add(name);
    }
  }
}
