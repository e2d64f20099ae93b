package io.txbench.core.script;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** One command of a script, at its line: a meta-command, or a command the target sends. */
public sealed interface Command {

  /** The line (from 1) where it starts. */
  int line();

  /** {@code \set name expression}. */
  record Set(int line, String name, Expr expr) implements Command {}

  /**
   * {@code \sleep amount [us|ms|s]}: {@code amount} a number, or the variable {@code variable} when
   * that is not null; {@code unitNanos} the nanoseconds of one unit.
   */
  record Sleep(int line, @Nullable String variable, long amount, long unitNanos)
      implements Command {}

  /** The kinds of a conditional's lines. */
  enum BranchKind {
    IF,
    ELIF,
    ELSE,
    ENDIF
  }

  /** {@code \if}, {@code \elif} (with their condition), {@code \else} or {@code \endif}. */
  record Branch(int line, BranchKind kind, @Nullable Expr condition) implements Command {}

  /**
   * A command for the target: its text as the target's syntax wrote it (variables replaced by
   * parameters), the variables that fill its parameters in order, when a {@code \gset} or {@code
   * \aset} follows it, the prefix of the variables its first row's columns become, and its text as
   * the script has it ({@code source}, its variables by name), which reports show.
   */
  record Send(
      int line,
      String text,
      List<String> variables,
      @Nullable String prefix,
      boolean aset,
      String source)
      implements Command {
    public Send {
      variables = List.copyOf(variables);
    }

    /** Whether the target is asked for the first row's columns by name. */
    public boolean storesRow() {
      return prefix != null;
    }

    Send storing(String prefix, boolean aset) {
      return new Send(line, text, variables, prefix, aset, source);
    }
  }
}
