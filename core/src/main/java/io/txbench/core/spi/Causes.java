package io.txbench.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Failures in words, on one line: drivers wrap the error that tells, so its root is added. The one
 * place that walks a chain of causes.
 */
public final class Causes {
  private Causes() {}

  /**
   * The exception, then its cause, that one's cause and so on to the root: each once, so a chain
   * that loops back on itself still ends.
   */
  public static List<Throwable> chain(Throwable e) {
    List<Throwable> chain = new ArrayList<>();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
      chain.add(t);
    }
    return chain;
  }

  /** The innermost cause: the error that tells, which drivers wrap. */
  public static Throwable root(Throwable e) {
    List<Throwable> chain = chain(e);
    return chain.get(chain.size() - 1);
  }

  /** A message on one line ("null" for none), as error lines and log lines show it. */
  public static String oneLine(@Nullable String message) {
    return String.valueOf(message).replace('\n', ' ');
  }

  /** The exception's message, with its root cause's when that says something more. */
  public static String describe(Throwable e) {
    Throwable root = root(e);
    String message = String.valueOf(e.getMessage());
    if (root != e && root.getMessage() != null && !message.contains(root.getMessage())) {
      message = message + " (" + root.getMessage() + ")";
    }
    return oneLine(message);
  }
}
