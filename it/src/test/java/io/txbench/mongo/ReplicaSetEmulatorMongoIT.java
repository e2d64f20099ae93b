package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.StatementStats;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.ScriptKind;
import io.txbench.mongo.TransactionLedger.State;
import io.txbench.mongo.TransactionLedger.Transaction;
import io.txbench.mongo.workloads.MongoScriptSyntax;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MongoDB's transactional path in tier one, where there is no mongod: the driver runs txbench's
 * transactions over the wire against {@link ReplicaSetEmulator}, which records each one and fails
 * commits as a test scripts. Each test checks what txbench reports against what the server saw:
 * every transaction started once, each committed iteration committed once, a lost commit reply
 * retried by the commit alone and counted as a retry, in doubt when the retries run out, a
 * transient error retried whole.
 */
class ReplicaSetEmulatorMongoIT {
  /**
   * The iterations of a run with a fault at commit, on one worker: a lost reply makes the driver
   * pause its connection pool, and another worker's statement that wanted a connection meanwhile
   * would fail too, or not, as the threads happen to run.
   */
  private static final int ITERATIONS = 30;

  private final MongoBinding provider = new MongoBinding();
  private ReplicaSetEmulator server;

  @BeforeEach
  void start() {
    server = ReplicaSetEmulator.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private WorkloadRun.Outcome run(WorkloadOptions options, int workers, long iterations)
      throws Exception {
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider,
            MongoWorkloadsContract.targetAt(server.uri("txbench"), workers),
            options,
            iterations,
            true);
    System.out.println("mongo on the replica-set emulator: " + o.describe());
    return o;
  }

  /** sysbench's oltp_read_write on 1,000 documents: 14 reads and 4 writes in a transaction. */
  private static WorkloadOptions oltp() {
    return new WorkloadOptions(new Oltp(Oltp.Variant.READ_WRITE), 42, OptionValues.defaults())
        .with(ItemKind.TABLE_SIZE, 1_000L);
  }

  private List<Transaction> in(State state) {
    return server.ledger().in(state);
  }

  /**
   * Checks that each transaction the server saw was started by its first command alone, that it
   * committed {@code committed} of them, and that each of those was sent one commit but {@code
   * scripted}, the one whose commits the test scripted.
   */
  private void assertEachStartedOnceAndCommittedOnce(
      long committed, @Nullable Transaction scripted) {
    List<Transaction> all = server.ledger().transactions();
    for (Transaction t : all) {
      assertEquals(1, t.starts(), "started by more or fewer commands than its first: " + t);
    }
    assertEquals(committed, in(State.COMMITTED).size(), all::toString);
    for (Transaction t : in(State.COMMITTED)) {
      if (!t.equals(scripted)) {
        assertEquals(1, t.commits(), t::toString);
      }
    }
    assertEquals(List.of(), in(State.OPEN), "left neither committed nor aborted");
  }

  private Transaction scripted() {
    Transaction t = server.ledger().scripted();
    assertNotNull(t, "no commit met the script");
    return t;
  }

  @Test
  void airlineCommitsEachBookingOnceAndAbortsTheSoldOutOnes() throws Exception {
    // One flight on one day, more buyers than its aircraft has seats; one buyer, since the
    // emulator does not isolate transactions and concurrent buyers would take one seat twice.
    WorkloadOptions oneFlight = WorkloadFixtures.options(Airline.NAME, 0, 42, false, 1);
    WorkloadRun.Outcome o = run(oneFlight, 1, 400);
    long declined = o.result().outcomes().declined();
    assertTrue(declined > 0, "the flight never filled: " + o.describe());
    assertEquals(400, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(0, o.result().outcomes().retries(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    assertEachStartedOnceAndCommittedOnce(400 - declined, null);
    List<Transaction> aborted = in(State.ABORTED);
    assertEquals(declined, aborted.size(), o.describe());
    for (Transaction t : aborted) {
      assertEquals(0, t.commits(), "a sold-out flight's booking was sent a commit: " + t);
    }
  }

  /**
   * A script's {@code \commit} is timed as its commands are (pgbench's -r), by its line: one
   * success for each transaction the server committed, counted as a transaction's commit.
   */
  @Test
  void aScriptsCommitIsTimedByItsLineLikeItsCommands(@TempDir Path dir) throws Exception {
    Path script =
        Files.writeString(
            dir.resolve("note.json"),
            "\\begin\n{\"insert\": \"notes\", \"documents\": [{\"n\": 1}]}\n\\commit\n");
    WorkloadOptions options =
        new WorkloadOptions(
            new ScriptKind(new MongoScriptSyntax()),
            42,
            OptionValues.of(ScriptKind.SCRIPTS, ScriptKind.SCRIPTS.parse(script.toString()))
                .with(ScriptKind.DEFINES, Map.of()));
    WorkloadRun.Outcome o = run(options, 1, ITERATIONS);
    assertEquals(ITERATIONS, o.result().outcomes().iterations(), o.describe());
    assertEachStartedOnceAndCommittedOnce(ITERATIONS, null);
    List<StatementStats> statements = o.result().breakdown().statements();
    assertEquals(
        List.of(2, 3), statements.stream().map(s -> s.id().line()).toList(), statements::toString);
    StatementStats commit = statements.get(1);
    assertEquals(StatementId.Commits.TRANSACTION, commit.id().commits());
    assertEquals(ITERATIONS, commit.count(), commit::toString);
    assertTrue(commit.maxMillis() > 0, commit::toString);
    assertEquals(StatementId.Commits.NOTHING, statements.get(0).id().commits());
  }

  @Test
  void oltpCommitsEachIterationInOneTransaction() throws Exception {
    WorkloadRun.Outcome o = run(oltp(), 4, 200);
    assertEquals(200, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors() + o.result().outcomes().inDoubt());
    assertEquals(0, o.result().outcomes().retries(), o.describe());
    assertEachStartedOnceAndCommittedOnce(200, null);
    assertEquals(200, server.ledger().transactions().size());
  }

  @Test
  void aLostCommitReplyIsRetriedByTheCommitAloneCountedAsARetryAndCommittedOnce() throws Exception {
    // The driver sends a commit again once on its own: two lost replies reach txbench's retry.
    server.ledger().scriptNextCommit(List.of(CommitAnswer.replyLost(), CommitAnswer.replyLost()));
    WorkloadRun.Outcome o = run(oltp(), 1, ITERATIONS);
    assertEquals(ITERATIONS, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors() + o.result().outcomes().inDoubt());
    assertRetriedCommits(1, o);
    Transaction lost = scripted();
    assertEquals(3, lost.commits(), lost::toString);
    assertEachStartedOnceAndCommittedOnce(ITERATIONS, lost);
    assertEquals(ITERATIONS, server.ledger().transactions().size());
  }

  @Test
  void commitRepliesLostUntilTheAttemptsRunOutLeaveTheIterationInDoubt() throws Exception {
    server.ledger().scriptNextCommit(Collections.nCopies(20, CommitAnswer.replyLost()));
    WorkloadRun.Outcome o = run(oltp(), 1, ITERATIONS);
    assertInDoubtOnce(o);
    assertRetriedCommits(4, o);
    // txbench's five attempts, each sent twice by the driver.
    assertEquals(10, scripted().commits(), scripted()::toString);
  }

  @Test
  void anErrorAfterALostCommitReplyLeavesTheIterationInDoubt() throws Exception {
    // The retry of a commit whose reply was lost is killed: the error says nothing of the
    // first commit, which the server holds.
    server
        .ledger()
        .scriptNextCommit(
            List.of(
                CommitAnswer.replyLost(), CommitAnswer.replyLost(), CommitAnswer.interrupted()));
    WorkloadRun.Outcome o = run(oltp(), 1, ITERATIONS);
    assertInDoubtOnce(o);
    assertRetriedCommits(1, o);
    assertEquals(3, scripted().commits(), scripted()::toString);
  }

  /**
   * Checks that one iteration, the scripted one, is in doubt: not an error, never run again, and
   * committed by the server.
   */
  private void assertInDoubtOnce(WorkloadRun.Outcome o) {
    assertEquals(1, o.result().outcomes().inDoubt(), o.describe());
    assertEquals(1L, o.result().outcomes().inDoubtByCause().get(InDoubtCause.REPLY_LOST));
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(ITERATIONS - 1, o.result().outcomes().iterations(), o.describe());
    assertEquals(State.COMMITTED, scripted().state());
    assertEachStartedOnceAndCommittedOnce(ITERATIONS, scripted());
    assertEquals(ITERATIONS, server.ledger().transactions().size(), "an iteration ran again");
  }

  /** Checks that txbench sent a commit again {@code n} times, each counted as a retry. */
  private static void assertRetriedCommits(long n, WorkloadRun.Outcome o) {
    assertEquals(n, o.result().outcomes().retries(), o.describe());
    assertEquals(
        n,
        o.result().outcomes().retriesByClass().get(ErrorClass.TRANSIENT_TRANSACTION),
        o.describe());
  }

  @Test
  void aTransientErrorAtCommitRunsTheWholeTransactionAgain() throws Exception {
    // The emulator keeps the aborted attempt's writes, so verify finds one update too many: only
    // the counts are checked here.
    server.ledger().scriptNextCommit(List.of(CommitAnswer.transientConflict()));
    WorkloadRun.Outcome o = run(oltp(), 1, ITERATIONS);
    assertEquals(ITERATIONS, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors() + o.result().outcomes().inDoubt());
    assertEquals(
        1L,
        o.result().outcomes().retriesByClass().get(ErrorClass.TRANSIENT_TRANSACTION),
        o.describe());
    assertEquals(1, o.result().outcomes().retries(), o.describe());
    Transaction conflicted = scripted();
    assertEquals(State.ABORTED, conflicted.state());
    assertEquals(1, conflicted.commits(), conflicted::toString);
    assertEachStartedOnceAndCommittedOnce(ITERATIONS, conflicted);
    assertEquals(List.of(conflicted), in(State.ABORTED));
    assertEquals(ITERATIONS + 1, server.ledger().transactions().size());
  }
}
