package io.txbench.core;

import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * The measurements of one run: the timer {@code response-time} (HdrHistogram-backed), the meters
 * {@code iterations}, {@code retries} and {@code errors}, and counts of retries and errors by
 * class. One object per run, passed to whoever needs it.
 */
public final class Metrics {
  public static final String RESPONSE_TIME = "response-time";
  public static final String ITERATIONS = "iterations";
  public static final String RETRIES = "retries";
  public static final String ERRORS = "errors";

  private final MetricRegistry registry = new MetricRegistry();
  private final HdrReservoir responseTimes = new HdrReservoir();
  private final Timer responseTime;
  private final Meter iterations;
  private final Meter retries;
  private final Meter errors;
  private final LongAdder[] retriesByClass = adders();
  private final LongAdder[] errorsByClass = adders();

  public Metrics() {
    responseTime = registry.register(RESPONSE_TIME, new Timer(responseTimes));
    iterations = registry.meter(ITERATIONS);
    retries = registry.meter(RETRIES);
    errors = registry.meter(ERRORS);
  }

  private static LongAdder[] adders() {
    LongAdder[] adders = new LongAdder[ErrorClass.values().length];
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
    return adders;
  }

  /** Records one committed iteration that took {@code nanos}. */
  public void recordSuccess(long nanos) {
    responseTime.update(nanos, TimeUnit.NANOSECONDS);
    iterations.mark();
  }

  public void recordRetry(ErrorClass errorClass) {
    retries.mark();
    retriesByClass[errorClass.ordinal()].increment();
  }

  public void recordError(ErrorClass errorClass) {
    errors.mark();
    errorsByClass[errorClass.ordinal()].increment();
  }

  public MetricRegistry registry() {
    return registry;
  }

  public long iterationCount() {
    return iterations.getCount();
  }

  public long retryCount() {
    return retries.getCount();
  }

  public long errorCount() {
    return errors.getCount();
  }

  public Map<ErrorClass, Long> retriesByClass() {
    return byClass(retriesByClass);
  }

  public Map<ErrorClass, Long> errorsByClass() {
    return byClass(errorsByClass);
  }

  private static Map<ErrorClass, Long> byClass(LongAdder[] adders) {
    Map<ErrorClass, Long> counts = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      counts.put(c, adders[c.ordinal()].sum());
    }
    return counts;
  }

  /** See {@link HdrReservoir#sampleInterval()}. */
  public Histogram sampleInterval() {
    return responseTimes.sampleInterval();
  }

  /** The response times of all sampled intervals. */
  public Histogram cumulativeResponseTimes() {
    return responseTimes.cumulative();
  }
}
