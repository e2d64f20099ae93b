package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.PointSelect;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Whether a run is transactional is decided once, by its workload's options: what the pool's
 * autocommit ({@code !transactional()}), the commit cross-check and the summary's {@code
 * transactions} all read.
 */
class TransactionModeTest {

  @Test
  void aKindOfOneStatementPerIterationRunsNoTransactions() {
    WorkloadOptions pointSelect =
        new WorkloadOptions(new PointSelect(), 42, OptionValues.defaults());
    assertEquals(TransactionMode.NONE, pointSelect.transactions());
    assertFalse(pointSelect.transactional());
    assertEquals(TransactionMode.NONE, pointSelect.on(emulator()).transactions());
  }

  @Test
  void aTransactionalKindRunsInTransactionsUnlessToldOtherwise() {
    WorkloadOptions airline = new WorkloadOptions(new Airline(), 42, OptionValues.defaults());
    assertEquals(TransactionMode.TRANSACTIONS, airline.transactions());
    assertTrue(airline.transactional());
    assertEquals(TransactionMode.TRANSACTIONS, airline.on(null).transactions());
    WorkloadOptions without = airline.with(WorkloadKind.DISABLE_TRANSACTION, true);
    assertEquals(TransactionMode.DISABLED, without.transactions());
    assertFalse(without.transactional());
  }

  @Test
  void theKindsOwnNameForRunningWithoutTransactionsDecidesAsWell() {
    WorkloadOptions oltp =
        new WorkloadOptions(new Oltp(Oltp.Variant.READ_WRITE), 42, OptionValues.defaults());
    assertEquals(TransactionMode.TRANSACTIONS, oltp.transactions());
    assertEquals(
        TransactionMode.DISABLED, oltp.with(Oltp.SKIP_TRX, true).transactions(), "--skip-trx");
  }

  @Test
  void anEmulatorWithoutTransactionsRunsATransactionalKindWithout() {
    WorkloadOptions airline =
        new WorkloadOptions(new Airline(), 42, OptionValues.defaults()).on(emulator());
    assertEquals(TransactionMode.DISABLED, airline.transactions());
    assertFalse(airline.transactional());
  }

  private static EmbeddedServer emulator() {
    return new EmbeddedServer() {
      @Override
      public String host() {
        return "localhost";
      }

      @Override
      public int port() {
        return 1;
      }

      @Override
      public @Nullable String user() {
        return null;
      }

      @Override
      public String database() {
        return "none";
      }

      @Override
      public boolean supportsTransactions() {
        return false;
      }

      @Override
      public String kind() {
        return "emulator";
      }

      @Override
      public String description() {
        return "an emulator without transactions";
      }

      @Override
      public void close() {}
    };
  }
}
