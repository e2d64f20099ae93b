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
 * {@code iterations} (completed: committed or declined), {@code declined} (a business outcome that
 * wrote nothing, such as a sold-out flight), {@code retries}, {@code errors} (rolled back) and
 * {@code in-doubt}, and counts of retries and errors by class and of in-doubt iterations by
 * cause. One object per run, passed to whoever needs it.
 */
public final class Metrics {
  public static final String RESPONSE_TIME = "response-time";
  public static final String ITERATIONS = "iterations";
  public static final String RETRIES = "retries";
  public static final String ERRORS = "errors";
  public static final String SERVICE_TIME = "service-time";
  public static final String SKIPPED = "skipped";
  public static final String IN_DOUBT = "in-doubt";
  public static final String DECLINED = "declined";

  private final MetricRegistry registry = new MetricRegistry();
  private final HdrReservoir responseTimes = new HdrReservoir();
  private final HdrReservoir serviceTimes = new HdrReservoir();
  private final HdrReservoir scheduleLags = new HdrReservoir();
  private final Timer responseTime;
  /** Null in a closed loop, where the service time is the response time. */
  private final Timer serviceTime;
  private final Meter skipped;
  private final Meter iterations;
  private final Meter retries;
  private final Meter errors;
  private final Meter inDoubt;
  private final Meter declined;
  private final LongAdder[] retriesByClass = adders(ErrorClass.values().length);
  private final LongAdder[] errorsByClass = adders(ErrorClass.values().length);
  private final LongAdder[] inDoubtByCause = adders(InDoubtCause.values().length);
  private final LongAdder partialErrors = new LongAdder();
  private final LongAdder late = new LongAdder();

  /** Metrics with service times apart from response times, as an open loop needs. */
  public Metrics() {
    this(true);
  }

  /**
   * {@code separateServiceTimes} false for a closed loop: every iteration starts when intended,
   * so its service time is its response time, and recording it twice would only cost time.
   */
  public Metrics(boolean separateServiceTimes) {
    responseTime = registry.register(RESPONSE_TIME, new Timer(responseTimes));
    serviceTime = separateServiceTimes
        ? registry.register(SERVICE_TIME, new Timer(serviceTimes)) : null;
    skipped = registry.meter(SKIPPED);
    iterations = registry.meter(ITERATIONS);
    retries = registry.meter(RETRIES);
    errors = registry.meter(ERRORS);
    inDoubt = registry.meter(IN_DOUBT);
    declined = registry.meter(DECLINED);
  }

  private static LongAdder[] adders(int size) {
    LongAdder[] adders = new LongAdder[size];
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
    return adders;
  }

  /** Records one committed iteration that took {@code nanos}, in a closed loop. */
  public void recordSuccess(long nanos) {
    recordCommit(nanos, nanos, false);
  }

  /**
   * Records one committed iteration: its response time counts from when it should have started
   * (open loop), its service time from when it did; {@code late} when it committed after the
   * measured window closed (it counts, but not in the window's throughput).
   */
  public void recordCommit(long responseNanos, long serviceNanos, boolean late) {
    responseTime.update(responseNanos, TimeUnit.NANOSECONDS);
    if (serviceTime != null) {
      serviceTime.update(serviceNanos, TimeUnit.NANOSECONDS);
    }
    iterations.mark();
    if (late) {
      this.late.increment();
    }
  }

  /**
   * Records one iteration the workload declined (see {@link DeclinedException}): it completed, so
   * it is timed and counted as an iteration like a commit, and counted as declined besides.
   */
  public void recordDeclined(long responseNanos, long serviceNanos, boolean late) {
    recordCommit(responseNanos, serviceNanos, late);
    declined.mark();
  }

  /** How late an open-loop iteration started after its intended time. */
  public void recordLag(long nanos) {
    scheduleLags.update(nanos);
  }

  /**
   * An open-loop iteration skipped: it would have started later than --max-lag, or no worker was
   * free to start it before the window closed.
   */
  public void recordSkip() {
    recordSkips(1);
  }

  public void recordSkips(long count) {
    if (count > 0) {
      skipped.mark(count);
    }
  }

  public long skippedCount() {
    return skipped.getCount();
  }

  public void recordRetry(ErrorClass errorClass) {
    retries.mark();
    retriesByClass[errorClass.ordinal()].increment();
  }

  /** An iteration that failed; {@code partial} when some of its steps committed on their own. */
  public void recordError(ErrorClass errorClass, boolean partial) {
    errors.mark();
    errorsByClass[errorClass.ordinal()].increment();
    if (partial) {
      partialErrors.increment();
    }
  }

  /** An iteration whose outcome is unknown: the server may or may not hold it. */
  public void recordInDoubt(InDoubtCause cause) {
    inDoubt.mark();
    inDoubtByCause[cause.ordinal()].increment();
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

  /** Iterations that ended declined (they are among {@link #iterationCount()}). */
  public long declinedCount() {
    return declined.getCount();
  }

  public long inDoubtCount() {
    return inDoubt.getCount();
  }

  /** Failed iterations some of whose steps committed (no transaction). */
  public long partialErrorCount() {
    return partialErrors.sum();
  }

  /** Committed iterations that finished after the measured window closed. */
  public long lateCount() {
    return late.sum();
  }

  public Map<InDoubtCause, Long> inDoubtByCause() {
    Map<InDoubtCause, Long> counts = new EnumMap<>(InDoubtCause.class);
    for (InDoubtCause c : InDoubtCause.values()) {
      counts.put(c, inDoubtByCause[c.ordinal()].sum());
    }
    return counts;
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

  /**
   * Ends a metrics period: the response, service and lag times recorded in it. See {@link
   * HdrReservoir#sampleInterval()}.
   */
  public Sample sampleInterval() {
    Histogram response = responseTimes.sampleInterval();
    return new Sample(response,
        serviceTime == null ? response : serviceTimes.sampleInterval(),
        scheduleLags.sampleInterval());
  }

  /** The histograms of one period, or of the whole run (nanoseconds). */
  public record Sample(Histogram responseTimes, Histogram serviceTimes, Histogram scheduleLags) {}

  /** Everything sampled so far. */
  public Sample cumulative() {
    Histogram response = responseTimes.cumulative();
    return new Sample(response,
        serviceTime == null ? response.copy() : serviceTimes.cumulative(),
        scheduleLags.cumulative());
  }
}
