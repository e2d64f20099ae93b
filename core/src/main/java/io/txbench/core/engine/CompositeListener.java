package io.txbench.core.engine;

import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Causes;
import io.txbench.core.telemetry.TelemetryRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands every event to several listeners; one that fails does not stop the others. A listener that
 * fails once (a result file on a full disk, say) is called no more, and only the first failure of
 * the run is logged, in one line: the run goes on, and {@link #failures()} tells the end of the run
 * that its results are incomplete.
 */
public final class CompositeListener implements RunListener {
  private static final Logger LOG = LoggerFactory.getLogger(CompositeListener.class);
  private final List<RunListener> listeners;
  private final boolean[] failed;
  private final List<String> failures = new ArrayList<>();

  public CompositeListener(List<RunListener> listeners) {
    this.listeners = List.copyOf(listeners);
    this.failed = new boolean[listeners.size()];
  }

  private synchronized void each(Consumer<RunListener> call) {
    for (int i = 0; i < listeners.size(); i++) {
      if (failed[i]) {
        continue;
      }
      try {
        call.accept(listeners.get(i));
      } catch (RuntimeException e) {
        failed[i] = true;
        String message = Causes.describe(e);
        if (failures.isEmpty()) {
          LOG.error("{}: the result files are incomplete from here on", message);
        }
        failures.add(message);
      }
    }
  }

  /** What failed, in words, one entry per listener that stopped; empty when all went well. */
  public synchronized List<String> failures() {
    return List.copyOf(failures);
  }

  @Override
  public void onStart(long startMillis, int threads) {
    each(l -> l.onStart(startMillis, threads));
  }

  @Override
  public void onInterval(IntervalStats stats) {
    each(l -> l.onInterval(stats));
  }

  @Override
  public void onTelemetry(TelemetryRow row) {
    each(l -> l.onTelemetry(row));
  }

  @Override
  public synchronized void onEnd(RunResult result) {
    boolean[] failedBefore = failed.clone();
    each(l -> l.onEnd(result));
    for (int i = 0; i < listeners.size(); i++) {
      if (failedBefore[i]) {
        try {
          listeners.get(i).onEnd(result); // lets it close its file
        } catch (RuntimeException e) {
          // It failed before; the failure is on record.
        }
      }
    }
  }
}
