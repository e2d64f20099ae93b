package io.txbench.core.spi;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A kind of workload, the same on every target: its {@code --workload} name, the data it loads
 * (which kinds share), the options it takes, and whether its iterations are multi-statement
 * transactions. Its classes in {@code io.txbench.core.workloads} also hold its invariants, which
 * every target's verify applies to the figures it reads. A target serves a kind by registering how
 * it runs it in its {@link WorkloadTable}.
 */
public interface WorkloadKind {

  /**
   * The option of every transactional kind: run the same statements without a transaction. It
   * stands in {@link #options()} of those kinds only.
   */
  DeclaredOption<Boolean> DISABLE_TRANSACTION =
      DeclaredOption.flag(
          "--disable-transaction", "run the same statements without a transaction.");

  /**
   * How long a server may take over one statement before txbench deems it lost, when the kind does
   * not say more ({@link #patience}).
   */
  Duration PATIENCE = Duration.ofSeconds(60);

  /** The {@code --workload} name, e.g. {@code point-select}. */
  String name();

  /** What it does, in a few words for help: {@code ACID ticket purchase}. */
  String description();

  /**
   * The name of the data it loads; kinds with the same data share it (and txbench's record and
   * lease of it): {@code items} for point-select, insert and update.
   */
  String dataSet();

  /**
   * Whether it loads data of txbench's on the target, which stays there after a run (for {@code
   * --skip-setup}) until {@code --drop} removes it; false for a kind that only reads and writes
   * what the server holds of its own (an HTTP API's).
   */
  default boolean loadsData() {
    return true;
  }

  /** The options it takes beyond the run's, in the order help lists them. */
  default List<DeclaredOption<?>> options() {
    return List.of();
  }

  /**
   * The option that runs a transactional kind's statements without a transaction: {@link
   * #DISABLE_TRANSACTION}, or the name its peer tool gives it (sysbench's {@code --skip-trx} for
   * its OLTP scripts). It stands in {@link #options()} of transactional kinds only.
   */
  default DeclaredOption<Boolean> withoutTransactionOption() {
    return DISABLE_TRANSACTION;
  }

  /**
   * The option that sets the size of the data this kind loads ({@code --table-size}, {@code
   * --scale}), whose values are ordered: a list of them on the command line makes a data-volume
   * sweep. Empty when the kind's data has one size.
   */
  default Optional<DeclaredOption<?>> dataVolume() {
    return Optional.empty();
  }

  /**
   * Whether an iteration is several statements in one transaction, which {@link
   * #withoutTransactionOption()} (then among its options) runs without one.
   */
  default boolean transactional() {
    return false;
  }

  /**
   * Whether the server's commits of a run are told by its timed statements ({@link
   * io.txbench.core.spi.StatementId#commits()}: each COMMIT, each statement outside a transaction)
   * rather than one by each iteration applied: a script's, whose iterations may be one transaction
   * or several statements each committed on its own.
   */
  default boolean commitsByStatement() {
    return false;
  }

  /**
   * The names of the operations its workloads record apart ({@link Workload#operations()}) when its
   * options fix them, so that they are known before anything connects (a mix's, the analytics
   * queries chosen); empty when only the workload knows them, or it has none.
   */
  default Optional<List<String>> operations(OptionValues values) {
    return Optional.empty();
  }

  /**
   * How long a server may take over one statement of this kind, with these options, before txbench
   * deems it lost (a read that waits longer on the control connection or, where the driver cannot
   * tell the two apart, on any connection, fails as a lost connection). It grows with the data: an
   * index built after the load of a billion rows, an analytics query over a hundred million orders
   * take minutes, and a server busy with them is not lost. {@link #PATIENCE} by default.
   */
  default Duration patience(OptionValues values) {
    return PATIENCE;
  }
}
