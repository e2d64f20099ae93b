package io.txbench.cli;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.LibraryLogger;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.PointSelect;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A target only the tests know, registered in their {@code META-INF/services}: a counter in memory
 * behind an "embedded server". That the CLI lists it and runs it, with no change to core or the
 * CLI, is what shows that the CLI names no target.
 */
public class ToyBinding implements TargetBinding {
  /** An option of the toy's own, which the CLI learns of only from {@link #options()}. */
  static final DeclaredOption<String> FLAVOUR =
      DeclaredOption.oneOf(
          "--toy-flavour",
          "FLAVOUR",
          "what the toy server tastes of (vanilla, chocolate).",
          "vanilla",
          List.of("vanilla", "chocolate"));

  /**
   * How much CPU time each point-select iteration burns: a client at work. CPU time, not wall-clock
   * time, so that each iteration costs at least that much CPU however busy the machine is.
   */
  static final DeclaredOption<Duration> SPIN =
      DeclaredOption.between(
          "--toy-spin",
          "DURATION",
          "how much CPU time each point-select iteration spins for.",
          Duration.ZERO,
          Duration.ZERO,
          Duration.ofSeconds(1));

  /** How long each point-select iteration sleeps: a client waiting for its server. */
  static final DeclaredOption<Duration> SLEEP =
      DeclaredOption.between(
          "--toy-sleep",
          "DURATION",
          "how long each point-select iteration sleeps.",
          Duration.ZERO,
          Duration.ZERO,
          Duration.ofSeconds(1));

  @Override
  public String target() {
    return "toy";
  }

  @Override
  public int defaultPort() {
    return 1; // nothing answers there: without a host, the toy server starts
  }

  @Override
  public @Nullable String defaultUser() {
    return null;
  }

  @Override
  public String defaultDatabase() {
    return "toybox";
  }

  @Override
  public List<String> urlSchemes() {
    return List.of("toy:");
  }

  @Override
  public EmbeddedServer startEmbedded(String why) {
    return new ToyServer();
  }

  @Override
  public List<LibraryLogger> loggers() {
    return List.of(new LibraryLogger("toy.library", "OFF"));
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return List.of(FLAVOUR, SPIN, SLEEP);
  }

  /**
   * Point-select, by counting; {@link TallyKind}, the workload the README's "Adding a workload"
   * adds: one line here; and a mix ({@link ToyMix}), whose results tell its operations apart.
   */
  @Override
  public WorkloadTable<ToyTarget> workloads() {
    return WorkloadTable.<ToyTarget>of()
        .serve(new PointSelect(), (t, kind, o) -> new Counter(t.spin, t.sleep))
        .serve(new TallyKind(), TallyWorkload::new)
        .serve(new MixKind(), ToyMix::new);
  }

  @Override
  public OpenTarget<ToyTarget, RuntimeException> open(
      TargetOptions target, WorkloadOptions workload) {
    return new OpenTarget<>(
        new ToyTarget(
            target.declared().get(FLAVOUR),
            target.declared().get(SPIN),
            target.declared().get(SLEEP)),
        workloads()::build,
        t -> new Dropped(List.of(), List.of()));
  }

  /** The "server": nothing runs, it only says where it would be. */
  static final class ToyServer implements EmbeddedServer {
    @Override
    public String host() {
      return "localhost";
    }

    @Override
    public int port() {
      return 7;
    }

    @Override
    public @Nullable String user() {
      return null;
    }

    @Override
    public String database() {
      return "toybox";
    }

    @Override
    public String kind() {
      return "toy server";
    }

    @Override
    public String description() {
      return "the toy server (a counter in memory)";
    }

    @Override
    public void close() {}
  }

  /** The client of the toy server. */
  static final class ToyTarget implements Target {
    private final String flavour;
    private final Duration spin;
    private final Duration sleep;

    /** The toy server's one datum. */
    private final AtomicLong counter = new AtomicLong();

    ToyTarget(String flavour, Duration spin, Duration sleep) {
      this.flavour = flavour;
      this.spin = spin;
      this.sleep = sleep;
    }

    @Override
    public String serverVersion() {
      return "Toy 1.0 (" + flavour + ")";
    }

    @Override
    public String driver() {
      return "Toy client 1.0";
    }

    @Override
    public Failure classify(Throwable error) {
      return Failure.fatal(ErrorClass.OTHER);
    }

    AtomicLong counter() {
      return counter;
    }

    @Override
    public void close() {}
  }

  /**
   * Each iteration spins and sleeps as long as asked, then adds one; verify checks the count is
   * what committed.
   */
  static final class Counter implements Workload<AutoCloseable, Exception> {
    private final AtomicLong count = new AtomicLong();
    private final long spinNanos;
    private final Duration sleep;

    Counter(Duration spin, Duration sleep) {
      this.spinNanos = spin.toNanos();
      this.sleep = sleep;
    }

    @Override
    public void prepare(Progress progress) {}

    /** The baseline, after the warm-up: verify compares the window's iterations alone. */
    @Override
    public void beforeRun() {
      count.set(0);
    }

    @Override
    public io.txbench.core.spi.OptionValues attach() {
      return io.txbench.core.spi.OptionValues.defaults();
    }

    @Override
    public AutoCloseable openSession(Worker worker) {
      return () -> {};
    }

    @Override
    public void iteration(Worker worker, AutoCloseable session) throws InterruptedException {
      if (spinNanos > 0) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        while (threads.getCurrentThreadCpuTime() - start < spinNanos) {
          Thread.onSpinWait();
        }
      }
      if (!sleep.isZero()) {
        Thread.sleep(sleep.toMillis());
      }
      count.incrementAndGet();
    }

    @Override
    public Verification verify(Tally tally) {
      long counted = count.get();
      return Verification.of(
          Map.of("committed", tally.completed(), "counted", counted),
          counted == tally.completed()
              ? List.of()
              : List.of(counted + " counted, " + tally.completed() + " committed"));
    }
  }
}
