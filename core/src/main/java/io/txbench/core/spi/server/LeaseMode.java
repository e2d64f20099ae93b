package io.txbench.core.spi.server;

/** What a lease allows: changing a workload's tables, or using them beside others who use them. */
public enum LeaseMode {
  /** Prepare and drop: nobody else may hold a lease on the tables meanwhile. */
  EXCLUSIVE,
  /** A run over loaded tables: others may run too, nobody may prepare or drop them. */
  SHARED
}
