package io.txbench.core.spi;

import java.util.Arrays;

/**
 * One worker's record of the timed statements ({@link StatementId}) of its iteration in progress:
 * the session that sends them adds to it, and the runner moves it into the run's {@link
 * StatementFigures} when the iteration ends, whatever its outcome (a retried attempt's statements
 * ran too), as {@link QueryCounter} is moved. Kept in two arrays that grow only when an iteration
 * sends more statements than any before it: recording allocates nothing. Owned by one worker.
 */
public final class StatementLog {
  private int[] statements = new int[16];

  /** A success's nanoseconds, or -1 for a failure. */
  private long[] outcomes = new long[16];

  /** A failure's class (anything for a success). */
  private ErrorClass[] classes = new ErrorClass[16];

  private int size;

  /** {@code statement} answered {@code nanos} after it was sent. */
  public void succeeded(StatementId statement, long nanos) {
    add(statement.index(), Math.max(0, nanos), ErrorClass.OTHER);
  }

  /** {@code statement} failed, of {@code errorClass}. */
  public void failed(StatementId statement, ErrorClass errorClass) {
    add(statement.index(), -1, errorClass);
  }

  private void add(int statement, long outcome, ErrorClass errorClass) {
    if (size == statements.length) {
      statements = Arrays.copyOf(statements, size * 2);
      outcomes = Arrays.copyOf(outcomes, size * 2);
      classes = Arrays.copyOf(classes, size * 2);
    }
    statements[size] = statement;
    outcomes[size] = outcome;
    classes[size] = errorClass;
    size++;
  }

  /** Where the engine moves what was recorded at the end of each iteration. */
  public interface Sink {
    /** Statement {@code index} succeeded in {@code nanos}. */
    void succeeded(int index, long nanos);

    /** Statement {@code index} failed with an error of class {@code errorClass}. */
    void failed(int index, ErrorClass errorClass);
  }

  /** Moves what was recorded into {@code figures}, and starts again from none (the engine's). */
  public void drainTo(Sink figures) {
    for (int i = 0; i < size; i++) {
      long outcome = outcomes[i];
      if (outcome >= 0) {
        figures.succeeded(statements[i], outcome);
      } else {
        figures.failed(statements[i], classes[i]);
      }
    }
    size = 0;
  }
}
