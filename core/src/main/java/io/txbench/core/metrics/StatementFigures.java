package io.txbench.core.metrics;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.StatementLog;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The run's record of each timed statement ({@link StatementId}, by its index): a wait-free
 * recorder of the times of those that succeeded and a counter of those that failed, by class. The
 * workers add to it as their iterations end ({@link StatementLog#drainTo}), so that only the
 * measured run's executions are in it: the warm-up's metrics have no statements.
 */
public final class StatementFigures implements StatementLog.Sink {
  private final List<StatementId> ids;
  private final LatencyRecorder[] times;
  private final List<Map<ErrorClass, LongAdder>> failures = new ArrayList<>();

  public StatementFigures(List<StatementId> ids) {
    this.ids = List.copyOf(ids);
    times = new LatencyRecorder[ids.size()];
    for (int i = 0; i < times.length; i++) {
      times[i] = new LatencyRecorder();
      failures.add(Metrics.adders(ErrorClass.class));
    }
  }

  /** Statement {@code index} succeeded in {@code nanos}; an index not of this run is ignored. */
  @Override
  public void succeeded(int index, long nanos) {
    if (index >= 0 && index < times.length) {
      times[index].record(nanos);
    }
  }

  /** Statement {@code index} failed; an index not of this run is ignored. */
  @Override
  public void failed(int index, ErrorClass errorClass) {
    if (index >= 0 && index < times.length) {
      LongAdder adder = failures.get(index).get(errorClass);
      if (adder != null) {
        adder.increment();
      }
    }
  }

  /** Each statement's figures so far, in their order; empty for a run that times none. */
  public List<StatementStats> snapshot() {
    List<StatementStats> stats = new ArrayList<>(ids.size());
    for (int i = 0; i < times.length; i++) {
      times[i].sampleInterval();
      Map<ErrorClass, Long> failed = new EnumMap<>(ErrorClass.class);
      for (Map.Entry<ErrorClass, LongAdder> f : failures.get(i).entrySet()) {
        if (f.getValue().sum() > 0) {
          failed.put(f.getKey(), f.getValue().sum());
        }
      }
      stats.add(new StatementStats(ids.get(i), times[i].cumulative(), failed));
    }
    return stats;
  }
}
