package io.txbench.core;

import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Hands every event to several listeners; one that fails does not stop the others. */
public final class CompositeListener implements RunListener {
  private static final Logger LOG = LoggerFactory.getLogger(CompositeListener.class);
  private final List<RunListener> listeners;

  public CompositeListener(List<RunListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  private void each(Consumer<RunListener> call) {
    for (RunListener l : listeners) {
      try {
        call.accept(l);
      } catch (RuntimeException e) {
        LOG.error("{} failed: {}", l.getClass().getSimpleName(), e.toString(), e);
      }
    }
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
  public void onEnd(RunResult result) {
    each(l -> l.onEnd(result));
  }
}
