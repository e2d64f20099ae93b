package io.txbench.core.spi;

/**
 * Whether a run's iterations are transactions, decided once from its workload's kind and options
 * ({@link WorkloadOptions#transactions()}): what the target's pool, the commit cross-check and the
 * run's summary all follow.
 */
public enum TransactionMode {
  /** Each iteration is several statements in one transaction. */
  TRANSACTIONS,
  /**
   * A transactional kind's statements, each committed on its own ({@code --disable-transaction}, or
   * an emulator without transactions).
   */
  DISABLED,
  /** A kind whose iterations are no multi-statement transactions. */
  NONE;

  /** Whether iterations run as multi-statement transactions. */
  public boolean transactional() {
    return this == TRANSACTIONS;
  }
}
