package io.txbench.cli.options;

public final class ExitCodes {
  /** The run completed. */
  public static final int OK = 0;

  /** The run completed, but with errors over --max-errors or a failed verification. */
  public static final int RUN_FAILED = 1;

  /**
   * Bad usage: an option is wrong, or an input the user gave is (a result directory that is missing
   * or corrupt, for compare, merge and report).
   */
  public static final int USAGE = 2;

  /**
   * The target could not be reached or prepared, or was lost before verify could run (the results
   * are written, and say "verification: not run").
   */
  public static final int TARGET = 3;

  /** The run completed, but some of its result files could not be written (a full disk). */
  public static final int RESULTS_INCOMPLETE = 4;

  /** The run completed, but a --threshold failed. */
  public static final int THRESHOLD = 5;

  /** history: the latest run of at least one series regressed against its baseline. */
  public static final int REGRESSION = 6;

  /** compare: runs of the same data returned different answers to the same query. */
  public static final int ANSWERS_DIFFER = 7;

  /**
   * Stopped by a signal. The process's own exit code is the JVM's for the signal, 128 plus its
   * number: 130 for SIGINT, 143 for SIGTERM; in-process callers get this one for both.
   */
  public static final int INTERRUPTED = 130;

  private ExitCodes() {}

  /**
   * The code of a target that could not be used ({@link #TARGET}), or of options that ask for other
   * data than is loaded there or for what the target cannot do ({@link #USAGE}).
   */
  public static int of(Exception targetFailure) {
    return targetFailure instanceof io.txbench.core.spi.OptionMismatchException
            || targetFailure.getCause() instanceof io.txbench.core.spi.OptionMismatchException
        ? USAGE
        : TARGET;
  }
}
