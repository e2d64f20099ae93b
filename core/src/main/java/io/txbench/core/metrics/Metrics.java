package io.txbench.core.metrics;

import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.Effects.Exposure;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.QueryCounter;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Worker;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

/**
 * The measurements of one run, one count of record per outcome: the response, service and
 * schedule-lag times (HdrHistogram recorders), and plain counters of the iterations completed
 * (committed or declined), the declined among them (a business outcome that wrote nothing, such as
 * a sold-out flight), the skipped, the retries and errors by class, and the in-doubt iterations by
 * cause. Totals are sums of those counts, never counted twice. One object per run, passed to
 * whoever needs it; reporters read it once a period, workers only add to it.
 */
public final class Metrics implements QueryCounter.Sink, Effects.RetrySink {
  private final LatencyRecorder responseTimes = new LatencyRecorder();

  /** Null in a closed loop, where the service time is the response time. */
  private final @Nullable LatencyRecorder serviceTimes;

  private final LatencyRecorder scheduleLags = new LatencyRecorder();
  private final LongAdder completed = new LongAdder();
  private final LongAdder declined = new LongAdder();
  private final LongAdder skipped = new LongAdder();
  private final Map<ErrorClass, LongAdder> retriesByClass = adders(ErrorClass.class);
  private final Map<ErrorClass, LongAdder> errorsByClass = adders(ErrorClass.class);
  private final Map<InDoubtCause, LongAdder> inDoubtByCause = adders(InDoubtCause.class);
  private final LongAdder partialErrors = new LongAdder();
  private final LongAdder late = new LongAdder();
  private final LongAdder reads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final LongAdder others = new LongAdder();

  /** The operations of a mix, by index ({@link Worker#operation(int)}); empty for other kinds. */
  private final List<String> operations;

  private final OperationCounts[] byOperation;

  private final StatementFigures statements;

  /** One operation's own record: what {@link OperationStats} reports of it. */
  private static final class OperationCounts {
    final LatencyRecorder responseTimes = new LatencyRecorder();
    final LongAdder completed = new LongAdder();
    final LongAdder declined = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder partial = new LongAdder();
    final LongAdder inDoubt = new LongAdder();
  }

  /**
   * {@code separateServiceTimes} false for a closed loop: every iteration starts when intended, so
   * its service time is its response time, and recording it twice would only cost time. Each of
   * {@code operations} (a mix's, in the workload's order; none for other workloads) is recorded
   * apart as well as in the totals; the statements of a script ({@code statements}, by their index;
   * none for other workloads) are timed apart.
   */
  public Metrics(
      boolean separateServiceTimes, List<String> operations, List<StatementId> statements) {
    this.statements = new StatementFigures(statements);
    serviceTimes = separateServiceTimes ? new LatencyRecorder() : null;
    this.operations = List.copyOf(operations);
    byOperation = new OperationCounts[operations.size()];
    for (int i = 0; i < byOperation.length; i++) {
      byOperation[i] = new OperationCounts();
    }
  }

  /** The timed statements' record ({@link StatementId}). */
  public StatementFigures statements() {
    return statements;
  }

  /** The operations recorded apart, in order. */
  public List<String> operations() {
    return operations;
  }

  /**
   * Records how an iteration of operation {@code op} ended, besides the totals: completed
   * (committed or {@code declined}) in {@code responseNanos}. An index out of range (no operation
   * said) is ignored.
   */
  public void recordOperationCompleted(int op, long responseNanos, boolean declined) {
    if (op < 0 || op >= byOperation.length) {
      return;
    }
    OperationCounts counts = byOperation[op];
    counts.responseTimes.record(responseNanos);
    counts.completed.increment();
    if (declined) {
      counts.declined.increment();
    }
  }

  /** Records that an iteration of operation {@code op} failed, leaving {@code exposure} behind. */
  public void recordOperationFailed(int op, Exposure exposure) {
    if (op < 0 || op >= byOperation.length) {
      return;
    }
    OperationCounts counts = byOperation[op];
    switch (exposure) {
      case UNKNOWN -> counts.inDoubt.increment();
      case PARTIAL -> {
        counts.errors.increment();
        counts.partial.increment();
      }
      case NONE -> counts.errors.increment();
      default -> throw new IllegalStateException("unknown exposure " + exposure);
    }
  }

  /** Adds the statements of one iteration ({@link Queries}). */
  @Override
  public void recordQueries(long reads, long writes, long others) {
    this.reads.add(reads);
    this.writes.add(writes);
    this.others.add(others);
  }

  /** The statements counted so far. */
  public Queries queries() {
    return new Queries(reads.sum(), writes.sum(), others.sum());
  }

  /**
   * Each operation's tally for verify ({@link Tally#operations()}): its completed, declined, in
   * doubt and part-way failed iterations.
   */
  public Map<String, Tally> operationTallies() {
    Map<String, Tally> tallies = new LinkedHashMap<>();
    for (int i = 0; i < byOperation.length; i++) {
      OperationCounts c = byOperation[i];
      tallies.put(
          operations.get(i),
          new Tally(c.completed.sum(), c.declined.sum(), c.inDoubt.sum(), c.partial.sum(), 0));
    }
    return tallies;
  }

  /**
   * Each operation's failed iterations so far (those that failed part-way among them), by name:
   * what {@link #operationTallies()} does not hold, for the metrics endpoint.
   */
  public Map<String, Long> operationErrors() {
    Map<String, Long> errors = new LinkedHashMap<>();
    for (int i = 0; i < byOperation.length; i++) {
      errors.put(operations.get(i), byOperation[i].errors.sum());
    }
    return errors;
  }

  /** One adder for each constant, filled here once: afterwards the map is only read. */
  static <E extends Enum<E>> Map<E, LongAdder> adders(Class<E> type) {
    Map<E, LongAdder> adders = new EnumMap<>(type);
    for (E constant : type.getEnumConstants()) {
      adders.put(constant, new LongAdder());
    }
    return adders;
  }

  /** The adder of {@code constant}: {@link #adders} gave every constant one. */
  private static <E extends Enum<E>> LongAdder adder(Map<E, LongAdder> adders, E constant) {
    return Objects.requireNonNull(adders.get(constant), "every constant has its adder");
  }

  /** Whether service times are kept apart from response times (an open loop). */
  public boolean separateServiceTimes() {
    return serviceTimes != null;
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

  @Override
  public void recordRetry(ErrorClass errorClass) {
    adder(retriesByClass, errorClass).increment();
  }

  /** An iteration that failed; {@code partial} when some of its steps committed on their own. */
  public void recordError(ErrorClass errorClass, boolean partial) {
    adder(errorsByClass, errorClass).increment();
    if (partial) {
      partialErrors.increment();
    }
  }

  /** An iteration whose outcome is unknown: the server may or may not hold it. */
  public void recordInDoubt(InDoubtCause cause) {
    adder(inDoubtByCause, cause).increment();
  }

  public long skippedCount() {
    return skipped.sum();
  }

  /** How the iterations recorded so far ended. */
  public Outcomes outcomes() {
    return new Outcomes(
        iterationCount(),
        late.sum(),
        declinedCount(),
        retryCount(),
        errorCount(),
        partialErrors.sum(),
        inDoubtCount(),
        skippedCount(),
        retriesByClass(),
        errorsByClass(),
        inDoubtByCause());
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
   * Ends a metrics period: the response, service and lag times recorded in it, and the statements
   * counted so far, read as the times' period ends: a worker counts an iteration's statements just
   * before its time, so a period's statements are its iterations' but for those under way at its
   * end (at most one a worker). See {@link LatencyRecorder#sampleInterval()}.
   */
  public Sample sampleInterval() {
    Histogram response = responseTimes.take();
    Histogram[] ops = new Histogram[byOperation.length];
    for (int i = 0; i < byOperation.length; i++) {
      ops[i] = byOperation[i].responseTimes.take();
    }
    Queries counted = queries();
    Histogram service = serviceTimes == null ? null : serviceTimes.take();
    Histogram lags = scheduleLags.take();
    Map<String, Histogram> kept = new LinkedHashMap<>();
    for (int i = 0; i < byOperation.length; i++) {
      kept.put(operations.get(i), byOperation[i].responseTimes.keep(ops[i]));
    }
    Histogram responses = responseTimes.keep(response);
    return new Sample(
        responses,
        service == null ? responses : java.util.Objects.requireNonNull(serviceTimes).keep(service),
        scheduleLags.keep(lags),
        kept,
        counted);
  }

  /**
   * The histograms of one period, or of the whole run (nanoseconds), each operation's response
   * times ({@code operations}, empty but for a mix), and the statements counted up to its end.
   */
  public record Sample(
      Histogram responseTimes,
      Histogram serviceTimes,
      Histogram scheduleLags,
      Map<String, Histogram> operations,
      Queries queries) {}

  /** Everything sampled so far. */
  public Sample cumulative() {
    Histogram response = responseTimes.cumulative();
    Map<String, Histogram> ops = new LinkedHashMap<>();
    for (int i = 0; i < byOperation.length; i++) {
      ops.put(operations.get(i), byOperation[i].responseTimes.cumulative());
    }
    return new Sample(
        response,
        serviceTimes == null ? response.copy() : serviceTimes.cumulative(),
        scheduleLags.cumulative(),
        ops,
        queries());
  }

  /**
   * The breakdown of {@code sample} (a period's or the cumulative one): each operation's times from
   * it, with the operation's counts so far, and the statements counted up to its end. A period's
   * counts are this less the last period's ({@link Breakdown#countsSince}).
   */
  public Breakdown breakdown(Sample sample) {
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    for (int i = 0; i < byOperation.length; i++) {
      String name = operations.get(i);
      OperationCounts c = byOperation[i];
      ops.put(
          name,
          new OperationStats(
              Objects.requireNonNull(
                  sample.operations().get(name), "a sample of this run's has every operation"),
              c.declined.sum(),
              c.errors.sum(),
              c.inDoubt.sum()));
    }
    return new Breakdown(ops, sample.queries());
  }
}
