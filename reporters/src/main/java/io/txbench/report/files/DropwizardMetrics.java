package io.txbench.report.files;

import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Core's counts and histograms as a Dropwizard registry, for the reporters that read one (the
 * legacy CSV files, {@code --metrics-reporter console|log}). Workers never touch it: once a period
 * its meters are marked with what core's counters grew by, and its timers are handed the period's
 * histograms, so the moving averages are Dropwizard's own, over the same counts as the rest of the
 * results. The meters: {@code iterations} (committed or declined), {@code declined}, {@code
 * retries}, {@code errors}, {@code in-doubt}, {@code skipped}; the timers {@code response-time}
 * and, in an open loop, {@code service-time}.
 */
public final class DropwizardMetrics {
  public static final String RESPONSE_TIME = "response-time";
  public static final String SERVICE_TIME = "service-time";

  private final MetricRegistry registry = new MetricRegistry();
  private final Map<Meter, LongSupplier> counts = new LinkedHashMap<>();
  private final Map<Meter, Long> marked = new LinkedHashMap<>();
  private final HdrTimer responseTime = registry.register(RESPONSE_TIME, new HdrTimer());

  /** Null in a closed loop, where the service time is the response time. */
  private final @Nullable HdrTimer serviceTime;

  public DropwizardMetrics(Metrics metrics) {
    serviceTime =
        metrics.separateServiceTimes() ? registry.register(SERVICE_TIME, new HdrTimer()) : null;
    meter("iterations", metrics::iterationCount);
    meter("declined", metrics::declinedCount);
    meter("retries", metrics::retryCount);
    meter("errors", metrics::errorCount);
    meter("in-doubt", metrics::inDoubtCount);
    meter("skipped", metrics::skippedCount);
  }

  private void meter(String name, LongSupplier count) {
    Meter meter = registry.meter(name);
    counts.put(meter, count);
    marked.put(meter, 0L);
  }

  public MetricRegistry registry() {
    return registry;
  }

  /** Brings the registry up to the end of {@code period}. */
  synchronized void update(IntervalStats period) {
    counts.forEach(
        (meter, count) -> {
          long now = count.getAsLong();
          meter.mark(now - marked.put(meter, now));
        });
    responseTime.add(period.responseTimes());
    if (serviceTime != null) {
      serviceTime.add(period.serviceTimes());
    }
  }

  /**
   * {@code reporter} of this registry, as a listener that brings the registry up to date before it
   * hands it each period.
   */
  RunListener reporting(RunListener reporter) {
    return new RunListener() {
      @Override
      public void onStart(long startMillis, int threads) {
        reporter.onStart(startMillis, threads);
      }

      @Override
      public void onInterval(IntervalStats stats) {
        update(stats);
        reporter.onInterval(stats);
      }

      @Override
      public void onEnd(RunResult result) {
        reporter.onEnd(result);
      }
    };
  }
}
