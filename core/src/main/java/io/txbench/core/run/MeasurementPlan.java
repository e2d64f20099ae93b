package io.txbench.core.run;

import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.StartGate;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * One measured run of a {@link Benchmark}: {@code run} is what the runner does, preceded by an
 * unmeasured warm-up of {@code warmUp} (none when zero), or, when {@code warmUpLongest} is longer,
 * of at least {@code warmUp} and on until the client has settled, up to {@code warmUpLongest}
 * ({@link WarmUpSettling}; not with a start gate, whose clients' windows start together), and
 * followed by verify when {@code verify}; with {@code commitCheck}, the server's committed
 * transactions over the run are read and compared with the count of txbench's (on PostgreSQL 15 and
 * later, where txbench's sessions may not publish their counts at once, that waits about 10 s
 * before and after the run).
 *
 * <p>The load (the warm-up, or the run without one) starts at the {@code start} gate's time when
 * this is the first run to reach it ({@code --start-at}), once every worker's session is open;
 * null: at once.
 */
public record MeasurementPlan(
    RunOptions run,
    Duration warmUp,
    Duration warmUpLongest,
    boolean verify,
    boolean commitCheck,
    @Nullable StartGate start) {

  /** A plan whose load starts at once, after a warm-up of fixed length. */
  public MeasurementPlan(RunOptions run, Duration warmUp, boolean verify, boolean commitCheck) {
    this(run, warmUp, warmUp, verify, commitCheck, null);
  }

  /** Whether the warm-up goes on past its least length until the client has settled. */
  public boolean warmUpSettles() {
    return start == null && warmUpLongest.compareTo(warmUp) > 0;
  }

  public MeasurementPlan {
    if (run == null) {
      throw new IllegalArgumentException("a plan needs its run's options");
    }
    if (warmUp == null || warmUp.isNegative()) {
      throw new IllegalArgumentException("a warm-up is zero or longer");
    }
    if (warmUpLongest == null || warmUpLongest.compareTo(warmUp) < 0) {
      throw new IllegalArgumentException("a warm-up's longest is no shorter than its least");
    }
  }
}
