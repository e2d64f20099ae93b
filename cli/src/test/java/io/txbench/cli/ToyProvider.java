package io.txbench.cli;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Dropped;
import io.txbench.core.EmbeddedServer;
import io.txbench.core.ErrorClass;
import io.txbench.core.Failure;
import io.txbench.core.LibraryLogger;
import io.txbench.core.Progress;
import io.txbench.core.Tally;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.WorkloadProvider;
import io.txbench.core.WorkloadTable;
import io.txbench.core.kinds.PointSelect;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A target only the tests know, registered in their {@code META-INF/services}: a counter in memory
 * behind an "embedded server". That the CLI lists it and runs it, with no change to core or the
 * CLI, is what shows that the CLI names no target.
 */
public class ToyProvider implements WorkloadProvider {
  /** An option of the toy's own, which the CLI learns of only from {@link #options()}. */
  static final DeclaredOption<String> FLAVOUR =
      DeclaredOption.oneOf(
          "--toy-flavour",
          "FLAVOUR",
          "what the toy server tastes of (vanilla, chocolate).",
          "vanilla",
          List.of("vanilla", "chocolate"));

  @Override
  public String target() {
    return "toy";
  }

  @Override
  public int defaultPort() {
    return 1; // nothing answers there: without a host, the toy server starts
  }

  @Override
  public String defaultUser() {
    return null;
  }

  @Override
  public String defaultDatabase() {
    return "toybox";
  }

  @Override
  public boolean acceptsUrl(String url) {
    return WorkloadProvider.hasScheme(url, "toy:");
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
    return List.of(FLAVOUR);
  }

  /**
   * Point-select, by counting; and {@link TallyKind}, the workload the README's "Adding a workload"
   * adds: one line here.
   */
  @Override
  public WorkloadTable<ToyTarget> workloads() {
    return WorkloadTable.of(ToyTarget.class)
        .serve(new PointSelect(), (t, kind, o) -> new Counter())
        .serve(new TallyKind(), TallyWorkload::new);
  }

  @Override
  public Target open(TargetOptions target, WorkloadOptions workload) {
    return new ToyTarget(target.declared().get(FLAVOUR));
  }

  @Override
  public Dropped dropOwned(Target target) {
    return new Dropped(List.of(), List.of());
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
    public String user() {
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

    /** The toy server's one datum. */
    private final AtomicLong counter = new AtomicLong();

    ToyTarget(String flavour) {
      this.flavour = flavour;
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

  /** Each iteration adds one; verify checks the count is what committed. */
  static final class Counter implements Workload<AutoCloseable> {
    private final AtomicLong count = new AtomicLong();

    @Override
    public void prepare(Progress progress) {}

    @Override
    public void attach() {}

    @Override
    public AutoCloseable openSession(Worker worker) {
      return () -> {};
    }

    @Override
    public void iteration(Worker worker, AutoCloseable session) {
      count.incrementAndGet();
    }

    @Override
    public Verification verify(Tally tally) {
      long counted = count.get();
      return Verification.of(
          Map.of("committed", tally.committed(), "counted", counted),
          counted == tally.committed()
              ? List.of()
              : List.of(counted + " counted, " + tally.committed() + " committed"));
    }
  }
}
