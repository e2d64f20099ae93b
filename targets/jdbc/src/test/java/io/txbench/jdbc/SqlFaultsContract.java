package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.data.AirlineData;
import io.txbench.core.engine.IterationRecords;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.Update;
import io.txbench.jdbc.client.JdbcSession;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Faults on a real SQL server, read back from the database: a connection cut right after the server
 * got a COMMIT or an autocommit write (the iteration is in doubt, and verify finds what the server
 * kept), and a deadlock victim that rolls back and keeps its connection and statements.
 */
public abstract class SqlFaultsContract extends SqlOwnershipContract {
  @Test
  void aCommitWhoseReplyIsLostIsInDoubtAndVerifyAccountsForIt() throws Exception {
    run(workload(Airline.NAME, 0, false), 1, 1, true, strictIsolation());
    long seatsBefore = query("SELECT COUNT(*) FROM seat");
    try (FaultProxy proxy = FaultProxy.cuttingAfterCommit(url(), 25, 3)) {
      WorkloadRun.Outcome o =
          WorkloadRun.run(
              provider(),
              through(proxy, 4, strictIsolation()),
              workload(Airline.NAME, 0, false),
              300,
              false);
      System.out.println(provider().target() + " with 3 COMMIT replies cut: " + o.describe());
      assertEquals(3, proxy.cuts());
      assertEquals(3, o.result().outcomes().inDoubt(), o.describe());
      assertEquals(0, o.result().outcomes().errors(), o.describe());
      long held =
          query("SELECT COUNT(*) FROM seat") - seatsBefore - o.result().outcomes().iterations();
      assertTrue(held >= 0 && held <= 3, "held " + held);
      assertEquals(query("SELECT COUNT(*) FROM seat"), query("SELECT COUNT(*) FROM payment"));
      assertTrue(o.verification().passed(), o.describe());
      assertEquals(
          java.util.List.of("3 in doubt: the server holds " + held + " of them"),
          o.verification().notes());
    }
  }

  @Test
  void anAutocommitWriteWhoseReplyIsLostIsInDoubt() throws Exception {
    run(workload(Insert.NAME, 1_000, false), 1, 1, true, strictIsolation());
    try (FaultProxy proxy = FaultProxy.cuttingAfterStatement(url(), "INSERT INTO item", 40, 3)) {
      WorkloadRun.Outcome o =
          WorkloadRun.run(
              provider(),
              through(proxy, 4, strictIsolation()),
              workload(Insert.NAME, 1_000, false),
              400,
              false);
      System.out.println(provider().target() + " with 3 INSERT replies cut: " + o.describe());
      assertEquals(3, proxy.cuts());
      assertEquals(3, o.result().outcomes().inDoubt(), o.describe());
      long inserted = query("SELECT COUNT(*) FROM item") - 1_001;
      assertTrue(
          inserted >= o.result().outcomes().iterations()
              && inserted <= o.result().outcomes().iterations() + 3,
          o.describe());
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void withoutATransactionALostReplyMidIterationLeavesItsCommittedStepsAccountedFor()
      throws Exception {
    run(workload(Airline.NAME, 0, true), 1, 1, true, strictIsolation());
    try (FaultProxy proxy = FaultProxy.cuttingAfterStatement(url(), "INSERT INTO payment", 30, 2)) {
      // The seat committed, the payment was sent and its reply lost, the audit never sent.
      // One worker: without a transaction, concurrent buyers would repeat seat numbers.
      WorkloadRun.Outcome o =
          WorkloadRun.run(
              provider(),
              through(proxy, 1, strictIsolation()),
              workload(Airline.NAME, 0, true),
              100,
              false);
      System.out.println(
          provider().target() + " without transactions, 2 payment replies cut: " + o.describe());
      assertEquals(2, o.result().outcomes().inDoubt(), o.describe());
      assertEquals(0, o.result().outcomes().retries(), o.describe());
      long seats = query("SELECT COUNT(*) FROM seat") - 1;
      assertEquals(o.result().outcomes().iterations() + 2, seats, o.describe());
      long audits = query("SELECT SUM(seats_occupied) FROM audit") - 1;
      assertEquals(o.result().outcomes().iterations(), audits, o.describe());
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void aDeadlockVictimRollsBackAndKeepsItsConnectionAndStatements() throws Exception {
    run(workload(Update.NAME, 10, false), 1, 1, true, strictIsolation());
    String update = "UPDATE item SET updates = updates + 1 WHERE id = ?";
    // The airline's options: connections in transactions, as under contention.
    try (JdbcTarget target =
        provider().open(target(2, strictIsolation()), workload(Airline.NAME, 0, false)).target()) {
      Worker[] workers = {new Worker(0, 2, 1), new Worker(1, 2, 1)};
      JdbcSession[] sessions = {
        JdbcSession.open(target, workers[0], List.of(update), List.of()),
        JdbcSession.open(target, workers[1], List.of(update), List.of())
      };
      Connection[] connections = {sessions[0].connection(), sessions[1].connection()};
      PreparedStatement[] statements = {
        sessions[0].statement(update), sessions[1].statement(update)
      };
      CountDownLatch bothLocked = new CountDownLatch(2);
      List<CompletableFuture<Exception>> runs = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        int first = 1 + i;
        int second = 2 - i;
        Worker worker = workers[i];
        JdbcSession session = sessions[i];
        runs.add(
            CompletableFuture.supplyAsync(
                () -> {
                  IterationRecords.begin(worker);
                  try {
                    // each waits for the other's row: a deadlock
                    session.run(bumps(update, bothLocked, first, second));
                    return null;
                  } catch (Exception e) {
                    return e;
                  } finally {
                    IterationRecords.end(worker);
                  }
                }));
      }
      Exception a = runs.get(0).get(60, TimeUnit.SECONDS);
      Exception b = runs.get(1).get(60, TimeUnit.SECONDS);
      assertTrue((a == null) != (b == null), "one deadlock victim expected: " + a + ", " + b);
      int victim = a != null ? 0 : 1;
      assertTrue(target.classify(a != null ? a : b).retryable(), String.valueOf(a != null ? a : b));
      assertSame(connections[victim], sessions[victim].connection());
      assertSame(statements[victim], sessions[victim].statement(update));
      IterationRecords.begin(workers[victim]);
      sessions[victim].run(bumps(update, new CountDownLatch(0), 3));
      IterationRecords.end(workers[victim]);
      assertSame(connections[victim], sessions[victim].connection());
      for (JdbcSession s : sessions) {
        s.close();
      }
    }
    // One from the prepare run, two from the winner, one from the victim once retried.
    assertEquals(4, query("SELECT SUM(updates) FROM item"));
  }

  /**
   * Bumps the rows {@code ids} in order, in one transaction, waiting for {@code afterFirst} once
   * the first is bumped.
   */
  private static SqlIteration bumps(String update, CountDownLatch afterFirst, long... ids) {
    return new SqlIteration() {
      private int sent;

      @Override
      public @Nullable SqlStatement next(@Nullable SqlAnswer last) throws SQLException {
        if (sent == 1) {
          afterFirst.countDown();
          try {
            afterFirst.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException(e);
          }
        }
        return sent < ids.length ? SqlStatement.write(update, ids[sent++]) : null;
      }

      @Override
      public boolean oneTransaction() {
        return true;
      }
    };
  }

  @Test
  void aSeatAnEarlierRunLeftWithoutItsAuditIncrementIsNotBlamedOnThisRun() throws Exception {
    run(workload(Airline.NAME, 0, false), 1, 1, true, strictIsolation());
    // A run without transactions died between the seat and the audit: the next buyer of that
    // flight, correct as it is, takes the same seat number.
    String day = AirlineData.bookingDays(1)[0].toString();
    long taken = query("SELECT COALESCE(MAX(seats_occupied), 0) FROM audit WHERE schedule_id = 1");
    execute(
        "INSERT INTO seat (schedule_id, flight_date, seat_number, user_id, booked_at)"
            + " VALUES (1, DATE '"
            + day
            + "', "
            + (taken + 1)
            + ", 7, CURRENT_TIMESTAMP)");
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(2, strictIsolation()),
            WorkloadFixtures.options(Airline.NAME, 0, 42, false, 1),
            20,
            false);
    assertEquals(
        1,
        query(
            "SELECT COUNT(*) - COUNT(DISTINCT seat_number) FROM seat" + " WHERE schedule_id = 1"));
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(0L, o.verification().figures().get("repeated_seat_numbers"));
  }
}
