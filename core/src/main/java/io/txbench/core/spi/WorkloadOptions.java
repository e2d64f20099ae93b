package io.txbench.core.spi;

import org.jspecify.annotations.Nullable;

/**
 * What a workload is asked to do: its kind, the seed of its data and choices, and the values of the
 * options its kind declares ({@link WorkloadKind#options()}), which only the kind's classes read.
 */
public record WorkloadOptions(WorkloadKind kind, long seed, OptionValues declared) {

  /** The same, with {@code option} set to {@code value}. */
  public <T> WorkloadOptions with(DeclaredOption<T> option, T value) {
    return new WorkloadOptions(kind, seed, declared.with(option, value));
  }

  /** The {@code --workload} name. */
  public String name() {
    return kind.name();
  }

  /** The same workload without transactions ({@code --disable-transaction} or its kind's name). */
  public WorkloadOptions withoutTransactions() {
    return with(kind.withoutTransactionOption(), true);
  }

  /** How long a server may take over one of its statements ({@link WorkloadKind#patience}). */
  public java.time.Duration patience() {
    return kind.patience(declared);
  }

  /** Whether iterations of this workload run in transactions: the one place that decides it. */
  public TransactionMode transactions() {
    if (!kind.transactional()) {
      return TransactionMode.NONE;
    }
    return declared.get(kind.withoutTransactionOption())
        ? TransactionMode.DISABLED
        : TransactionMode.TRANSACTIONS;
  }

  /** Whether iterations of this workload run as multi-statement transactions. */
  public boolean transactional() {
    return transactions().transactional();
  }

  /**
   * The same workload as {@code embedded} can run it: without transactions on an emulator that has
   * none (the caller says so: verify may then show anomalies a real server would prevent); as it is
   * on any other server ({@code embedded} null: one the user named).
   */
  public WorkloadOptions on(@Nullable EmbeddedServer embedded) {
    return embedded != null && !embedded.supportsTransactions() && transactional()
        ? withoutTransactions()
        : this;
  }
}
