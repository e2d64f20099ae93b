package io.txbench.core.run;

import io.txbench.core.engine.Crew;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark on one target from connection to its last run, with its steps in their only valid
 * order: open the target; then either {@link #drop()} what txbench made there, or {@link #prepare}
 * the workload's data (or {@link #attach()} to data loaded before) under a lease on its tables;
 * then any number of {@link #measure measured runs} by one crew of workers, whose sessions outlive
 * each run so that no run measures connecting. A step out of order is refused.
 *
 * <p>It prints nothing: a caller follows each run with a {@link StepListener} and shows or writes
 * what it likes. Its steps are called from one thread at a time; {@link #requestStop()} from any.
 */
public final class Benchmark implements AutoCloseable {
  private final WorkloadOptions options;
  private final OpenTarget<?, ?> opened;
  private final int workers;
  private final StopSwitch stops = new StopSwitch();
  private Stage stage = Stage.OPEN;
  // Each is there from the step that makes it on: none before.
  private @Nullable Workload<?, ?> workload;
  private @Nullable Lease lease;
  private @Nullable Crew<?> crew;
  private @Nullable Measurement measurement;
  private @Nullable Telemetry telemetry;

  /** Where a benchmark is in its life: what it may do next. */
  private enum Stage {
    /** Connected: it may drop, or prepare or attach. */
    OPEN,
    /** Its data is there and leased: it may start measuring. */
    READY,
    /** Its crew is gathered: it may measure again. */
    MEASURING,
    /** Dropped, or a step failed: nothing more to do but close. */
    DONE,
    CLOSED
  }

  @FunctionalInterface
  private interface Step {
    void run(Workload<?, ?> workload) throws Exception;
  }

  private Benchmark(WorkloadOptions options, OpenTarget<?, ?> opened, int workers) {
    this.options = options;
    this.opened = opened;
    this.workers = workers;
  }

  /**
   * Connects to {@code target} for a benchmark of {@code workload} whose runs use at most {@code
   * workers} workers, the size of its crew.
   *
   * @throws TargetUnavailableException when the server cannot be reached or refuses the login
   */
  public static Benchmark open(
      TargetBinding provider, TargetOptions target, WorkloadOptions workload, int workers)
      throws TargetUnavailableException {
    if (workers < 1) {
      throw new IllegalArgumentException("a benchmark has at least one worker");
    }
    return new Benchmark(workload, provider.open(target, workload), workers);
  }

  /** The target it opened: its server's version, how it classifies errors. */
  public Target target() {
    return opened.target();
  }

  /**
   * Drops every table of txbench's that its record on the target lists, and nothing else; the
   * benchmark has nothing left to do after it.
   */
  public Dropped drop() throws Exception {
    advance(Stage.OPEN, "drop");
    return opened.dropOwned();
  }

  /**
   * Drops every table of txbench's that its record on the target lists, and nothing else, so that
   * {@link #prepare} loads the workload's data into an empty database of txbench's ({@code
   * --drop-first}, mongodb-performance-test's {@code -dropdb}).
   */
  public Dropped dropBeforePrepare() throws Exception {
    advance(Stage.OPEN, "drop");
    Dropped dropped = opened.dropOwned();
    stage = Stage.OPEN;
    return dropped;
  }

  /**
   * Creates the workload's schema and loads its data under an exclusive lease, showing {@code
   * progress}; a stop ends the load between two of its steps with {@link StoppedException}. Returns
   * the rows it loaded and how long it took.
   *
   * @throws TargetUnavailableException when the server was lost meanwhile
   * @throws SetupException when the server refused it, or what is there is not txbench's
   */
  public Setup prepare(Progress progress) throws Exception {
    StoppableProgress stoppable = new StoppableProgress(progress);
    stops.watch(stoppable::requestStop);
    long start = System.nanoTime();
    ready(LeaseMode.EXCLUSIVE, "loading the data", workload -> workload.prepare(stoppable));
    return Setup.loaded(null, stoppable.steps(), Duration.ofNanos(System.nanoTime() - start));
  }

  /**
   * Grows the data {@code previous} set up, at a smaller size of the same workload, to this
   * benchmark's ({@link Workload#grow}), under an exclusive lease: only the rows it lacks are
   * loaded. Where it cannot grow, it is loaded afresh as {@link #prepare} does, and the setup says
   * why.
   *
   * @throws TargetUnavailableException when the server was lost meanwhile
   * @throws SetupException when the server refused it, or what is there is not txbench's
   */
  public Setup grow(Progress progress, Setup previous) throws Exception {
    StoppableProgress stoppable = new StoppableProgress(progress);
    stops.watch(stoppable::requestStop);
    long start = System.nanoTime();
    Growth[] growth = new Growth[1];
    ready(
        LeaseMode.EXCLUSIVE,
        "growing the data",
        workload -> {
          growth[0] = workload.grow(stoppable);
          if (!growth[0].isGrown()) {
            workload.prepare(stoppable);
          }
        });
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    return growth[0].isGrown()
        ? Setup.grownFrom(previous, stoppable.steps(), took)
        : Setup.loaded(growth[0].refusal(), stoppable.steps(), took);
  }

  /**
   * Checks that the data a previous prepare left is there, under a shared lease, and reads what the
   * runs need of it. Returns the data options as the data was loaded ({@code --table-size}), for
   * the runs' records: the options left out take these values ({@link LoadedData}).
   *
   * @throws SetupException when there is none, or it is not complete
   * @throws OptionMismatchException when an option given asks for other data than is loaded
   */
  public OptionValues attach() throws Exception {
    OptionValues requested = options.declared();
    OptionValues[] loaded = new OptionValues[1];
    ready(
        LeaseMode.SHARED,
        "reading what was loaded",
        workload -> loaded[0] = LoadedData.check(requested, workload.attach()));
    return loaded[0];
  }

  /** The workload, its lease and {@code step} on them; any failure ends the benchmark. */
  private void ready(LeaseMode mode, String what, Step step) throws Exception {
    advance(Stage.OPEN, "prepare or attach");
    Workload<?, ?> chosen = opened.workload(options);
    workload = chosen;
    // Exclusive while the tables are made, shared while they are used: another txbench may run
    // beside this one, never prepare or drop under it.
    try {
      lease = chosen.lease(mode);
    } catch (Exception e) {
      throw StepFailures.preparing("taking txbench's lease", target(), e);
    }
    try {
      step.run(chosen);
    } catch (StoppedException e) {
      throw e;
    } catch (Exception e) {
      throw StepFailures.preparing(what, target(), e);
    }
    stage = Stage.READY;
  }

  /**
   * One measured run: its warm-up, verify's baseline, the run, and verify, each told to {@code
   * listener}. The first one shares the lease and gathers the crew, which every later one reuses.
   *
   * @throws TargetUnavailableException when the server was lost before the run could start (the
   *     baseline, the workers' sessions; one lost in the warm-up is waited for up to the warm-up's
   *     length again); one lost later shows in the outcome's verdict
   */
  public MeasurementOutcome measure(MeasurementPlan plan, StepListener listener) throws Exception {
    if (plan.run().parallelism() > workers) {
      throw new IllegalArgumentException(
          plan.run().parallelism() + " workers asked of a" + " benchmark of " + workers);
    }
    Workload<?, ?> prepared = workload;
    Lease leased = lease;
    if (stage == Stage.READY && prepared != null && leased != null) { // READY: both are there
      stage = Stage.DONE; // until the crew is gathered: a lease that cannot be shared ends it
      leased.share();
      Crew<?> gathered = new Crew<>(prepared, workers);
      crew = gathered;
      Telemetry started = Telemetry.open(target(), leased, options);
      telemetry = started;
      measurement = new Measurement(gathered, target(), stops, started);
      stage = Stage.MEASURING;
    }
    Measurement measuring = measurement;
    if (stage != Stage.MEASURING || measuring == null) { // MEASURING: it is there
      throw new IllegalStateException(
          "measure comes when a benchmark is READY or MEASURING," + " not " + stage);
    }
    return measuring.run(plan, listener);
  }

  /**
   * Stops the step under way (a load, a warm-up, a measured run) and every later one at once; safe
   * from any thread (a shutdown hook's, say).
   */
  public void requestStop() {
    stops.request();
  }

  /** Leaves {@code expected} for good: until the step that follows succeeds, nothing else. */
  private void advance(Stage expected, String step) {
    if (stage != expected) {
      throw new IllegalStateException(
          step + " comes when a benchmark is " + expected + ", not " + stage);
    }
    stage = Stage.DONE;
  }

  /** Closes the crew's sessions, gives up the lease and closes the target, in that order. */
  @Override
  public void close() {
    if (stage == Stage.CLOSED) {
      return;
    }
    stage = Stage.CLOSED;
    if (telemetry != null) {
      telemetry.close();
    }
    try {
      if (crew != null) {
        crew.close();
      }
    } finally {
      try {
        if (lease != null) {
          lease.close();
        }
      } finally {
        opened.close();
      }
    }
  }
}
