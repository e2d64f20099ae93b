package io.txbench.cli;

/** The process exit codes. */
final class ExitCodes {
  /** The run completed. */
  static final int OK = 0;
  /** The run completed, but with errors over --max-errors or a failed verification. */
  static final int RUN_FAILED = 1;
  /** Bad usage: an option is wrong. */
  static final int USAGE = 2;
  /** The target could not be reached or prepared. */
  static final int TARGET = 3;

  private ExitCodes() {}
}
