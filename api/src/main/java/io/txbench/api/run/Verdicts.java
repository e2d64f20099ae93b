package io.txbench.api.run;

import io.txbench.core.engine.RunOptions;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;

/**
 * What the caller of a {@link Sweep} makes of how its steps end, beyond what the sweep says itself:
 * the command line its exit code and its own lines, the Java API its result or exception.
 */
public interface Verdicts {
  /** A run at {@code run}'s options ended so; false ends the sweep (it was stopped). */
  boolean measured(RunOptions run, MeasuredRun.Ended ended);

  /** The server was lost during a run: the target's later levels are not run. */
  void lost(TargetUnavailableException e) throws Exception;

  /** A stop while the data was loading: the sweep ends. */
  void stoppedInSetup(StoppedException e) throws Exception;

  /** {@code target}, one of several, could not be reached or prepared: the others run. */
  void unreachable(TargetSettings target, Exception e);

  /** Data of {@code target} stays on a server the user keeps, reached with {@code options}. */
  void leftBehind(TargetSettings target, TargetOptions options);
}
