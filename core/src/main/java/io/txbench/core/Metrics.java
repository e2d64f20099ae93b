package io.txbench.core;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * The measurements of one run, one count of record per outcome: the response, service and
 * schedule-lag times (HdrHistogram recorders), and plain counters of the iterations completed
 * (committed or declined), the declined among them (a business outcome that wrote nothing, such as
 * a sold-out flight), the skipped, the retries and errors by class, and the in-doubt iterations by
 * cause. Totals are sums of those counts, never counted twice. One object per run, passed to
 * whoever needs it; reporters read it once a period, workers only add to it.
 */
public final class Metrics {
  private final LatencyRecorder responseTimes = new LatencyRecorder();

  /** Null in a closed loop, where the service time is the response time. */
  private final LatencyRecorder serviceTimes;

  private final LatencyRecorder scheduleLags = new LatencyRecorder();
  private final LongAdder completed = new LongAdder();
  private final LongAdder declined = new LongAdder();
  private final LongAdder skipped = new LongAdder();
  private final Map<ErrorClass, LongAdder> retriesByClass = adders(ErrorClass.class);
  private final Map<ErrorClass, LongAdder> errorsByClass = adders(ErrorClass.class);
  private final Map<InDoubtCause, LongAdder> inDoubtByCause = adders(InDoubtCause.class);
  private final LongAdder partialErrors = new LongAdder();
  private final LongAdder late = new LongAdder();

  /** Metrics with service times apart from response times, as an open loop needs. */
  public Metrics() {
    this(true);
  }

  /**
   * {@code separateServiceTimes} false for a closed loop: every iteration starts when intended, so
   * its service time is its response time, and recording it twice would only cost time.
   */
  public Metrics(boolean separateServiceTimes) {
    serviceTimes = separateServiceTimes ? new LatencyRecorder() : null;
  }

  /** One adder for each constant, filled here once: afterwards the map is only read. */
  private static <E extends Enum<E>> Map<E, LongAdder> adders(Class<E> type) {
    Map<E, LongAdder> adders = new EnumMap<>(type);
    for (E constant : type.getEnumConstants()) {
      adders.put(constant, new LongAdder());
    }
    return adders;
  }

  /** Whether service times are kept apart from response times (an open loop). */
  public boolean separateServiceTimes() {
    return serviceTimes != null;
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
    responseTimes.record(responseNanos);
    if (serviceTimes != null) {
      serviceTimes.record(serviceNanos);
    }
    completed.increment();
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
    declined.increment();
  }

  /** How late an open-loop iteration started after its intended time. */
  public void recordLag(long nanos) {
    scheduleLags.record(nanos);
  }

  /**
   * An open-loop iteration skipped: it would have started later than --max-lag, or no worker was
   * free to start it before the window closed.
   */
  public void recordSkip() {
    skipped.increment();
  }

  public void recordSkips(long count) {
    if (count > 0) {
      skipped.add(count);
    }
  }

  public long skippedCount() {
    return skipped.sum();
  }

  public void recordRetry(ErrorClass errorClass) {
    retriesByClass.get(errorClass).increment();
  }

  /** An iteration that failed; {@code partial} when some of its steps committed on their own. */
  public void recordError(ErrorClass errorClass, boolean partial) {
    errorsByClass.get(errorClass).increment();
    if (partial) {
      partialErrors.increment();
    }
  }

  /** An iteration whose outcome is unknown: the server may or may not hold it. */
  public void recordInDoubt(InDoubtCause cause) {
    inDoubtByCause.get(cause).increment();
  }

  /** Iterations completed: committed or declined. */
  public long iterationCount() {
    return completed.sum();
  }

  public long retryCount() {
    return sum(retriesByClass);
  }

  public long errorCount() {
    return sum(errorsByClass);
  }

  /** Iterations that ended declined (they are among {@link #iterationCount()}). */
  public long declinedCount() {
    return declined.sum();
  }

  public long inDoubtCount() {
    return sum(inDoubtByCause);
  }

  private static long sum(Map<?, LongAdder> adders) {
    long sum = 0;
    for (LongAdder adder : adders.values()) {
      sum += adder.sum();
    }
    return sum;
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
    return counts(inDoubtByCause, InDoubtCause.class);
  }

  public Map<ErrorClass, Long> retriesByClass() {
    return counts(retriesByClass, ErrorClass.class);
  }

  public Map<ErrorClass, Long> errorsByClass() {
    return counts(errorsByClass, ErrorClass.class);
  }

  private static <E extends Enum<E>> Map<E, Long> counts(Map<E, LongAdder> adders, Class<E> type) {
    Map<E, Long> counts = new EnumMap<>(type);
    adders.forEach((constant, adder) -> counts.put(constant, adder.sum()));
    return counts;
  }

  /**
   * Ends a metrics period: the response, service and lag times recorded in it. See {@link
   * LatencyRecorder#sampleInterval()}.
   */
  public Sample sampleInterval() {
    Histogram response = responseTimes.sampleInterval();
    return new Sample(
        response,
        serviceTimes == null ? response : serviceTimes.sampleInterval(),
        scheduleLags.sampleInterval());
  }

  /** The histograms of one period, or of the whole run (nanoseconds). */
  public record Sample(Histogram responseTimes, Histogram serviceTimes, Histogram scheduleLags) {}

  /** Everything sampled so far. */
  public Sample cumulative() {
    Histogram response = responseTimes.cumulative();
    return new Sample(
        response,
        serviceTimes == null ? response.copy() : serviceTimes.cumulative(),
        scheduleLags.cumulative());
  }
}
