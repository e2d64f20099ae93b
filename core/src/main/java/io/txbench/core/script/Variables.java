package io.txbench.core.script;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One worker's script variables, kept from one iteration to the next as pgbench keeps a client's,
 * and its random generator. Starts with the built-in {@code client_id}, {@code scale}, {@code
 * default_seed} and {@code random_seed}, then the {@code --define}s.
 */
public final class Variables {
  /** The variables every script may use without setting them. */
  public static final java.util.List<String> BUILT_IN =
      java.util.List.of("client_id", "scale", "default_seed", "random_seed");

  private final Map<String, Value> values = new HashMap<>();
  private final Draws draws;
  private final PrintStream debug;

  /**
   * The variables of worker {@code clientId}: {@code defines} (as text, pgbench's {@code -D}) over
   * the built-in ones, the seeds from {@code seed}, draws from {@code random}.
   */
  public Variables(int clientId, long seed, Map<String, String> defines, SplittableRandom random) {
    this(clientId, seed, defines, random, System.err);
  }

  Variables(
      int clientId,
      long seed,
      Map<String, String> defines,
      SplittableRandom random,
      PrintStream debug) {
    this.draws = new Draws(random);
    this.debug = debug;
    values.put("client_id", Value.of((long) clientId));
    values.put("scale", Value.of(1L));
    values.put("default_seed", Value.of(seed));
    values.put("random_seed", Value.of(seed));
    defines.forEach((name, text) -> values.put(name, Value.text(text)));
  }

  /** The value of {@code name}, typed for an expression. */
  Value value(String name) throws ScriptException {
    return raw(name).typed(name);
  }

  /** The value of {@code name} as it was set. */
  Value raw(String name) throws ScriptException {
    Value value = values.get(name);
    if (value == null) {
      throw new ScriptException("undefined variable \"" + name + "\"");
    }
    return value;
  }

  /** Sets {@code name} to {@code integer} from outside the script (a target's own variable). */
  public void put(String name, long integer) {
    values.put(name, Value.of(integer));
  }

  void set(String name, Value value) {
    values.put(name, value);
  }

  Draws draws() {
    return draws;
  }

  /** pgbench's {@code debug()}: prints the value and its type, and gives it back. */
  Value debug(Value value) {
    debug.println("debug: " + value.name() + " " + value);
    return value;
  }
}
