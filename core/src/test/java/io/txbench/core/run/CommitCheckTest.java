package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.OtherSession;
import io.txbench.core.spi.server.ServerCommits;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The commit cross-check's comparison of two readings of the server's counter with txbench's own
 * count: what agrees, what does not, and when there is nothing to compare.
 */
class CommitCheckTest {
  private static final Instant STARTED = Instant.parse("2026-01-01T08:00:00Z");
  private static final long SECOND = 1_000_000_000L;

  private final CommitCheck check = new CommitCheck(new Counter(), Lease.none(), false);

  @Test
  void aServerCountWithinTheInDoubtAgrees() {
    ServerCommits c = commits(check.compare(mark(1_000, 0), mark(2_003, 30), counted(1_000, 3), 0));
    assertTrue(c.agrees(), c.toString());
    assertEquals(1_003, c.server());
    assertEquals("", c.otherWork());
  }

  @Test
  void aServerCountBelowTxbenchsDiffers() {
    // Commits txbench counted that the server does not have: lost.
    ServerCommits c = commits(check.compare(mark(1_000, 0), mark(1_990, 30), counted(1_000, 0), 0));
    assertFalse(c.agrees(), c.toString());
    assertEquals(990, c.server());
    assertTrue(c.note().startsWith("xact_commit grew by 990 over the run"), c.note());
  }

  @Test
  void aServerCountAboveTheInDoubtNamesTheOtherSessionsActiveMeanwhile() {
    OtherSession writer = new OtherSession("7@t0", "nightly-etl as alice", Optional.of(ms(200)));
    OtherSession asleep = new OtherSession("8@t0", "psql as bob", Optional.of(ms(3_600_000)));
    OtherSession gone = new OtherSession("9@t0", "cron as carol", Optional.of(ms(10)));
    OtherSession unknown = new OtherSession("10@t0", "", Optional.empty());
    CommitCheck.Mark before = mark(1_000, 0, STARTED, List.of(writer, asleep, gone));
    CommitCheck.Mark after = mark(2_500, 30, STARTED, List.of(writer, asleep, unknown));
    ServerCommits c = commits(check.compare(before, after, counted(1_000, 3), 0));
    assertFalse(c.agrees(), c.toString());
    // The writer ran something 0.2 s before the second reading, the unknown one may have, the one
    // gone ended meanwhile; the one idle for an hour did nothing.
    assertEquals(
        "3 session(s) of other clients (nightly-etl as alice, cron as carol)", c.otherWork());
    assertTrue(
        c.note()
            .contains(
                "3 session(s) of other clients were active on the server during the run"
                    + " (nightly-etl as alice, cron as carol): their commits count too"),
        c.note());
  }

  @Test
  void otherSessionsGoUnnamedWhenTheCountsAgree() {
    OtherSession reader = new OtherSession("7@t0", "report as alice", Optional.of(ms(200)));
    ServerCommits c =
        commits(
            check.compare(
                mark(1_000, 0, STARTED, List.of(reader)),
                mark(2_000, 30, STARTED, List.of(reader)),
                counted(1_000, 0),
                0));
    assertTrue(c.agrees(), c.toString());
    assertEquals("", c.otherWork());
  }

  @Test
  void aRestartedServerIsNotChecked() {
    // Restarted, its counter started again from zero: no "Server says -800 commits".
    CommitCheck.Outcome o =
        check.compare(
            mark(1_000, 0),
            mark(200, 30, STARTED.plusSeconds(12), List.of()),
            counted(1_000, 0),
            0);
    assertTrue(o.commits().isEmpty(), o.toString());
    assertEquals(
        Optional.of("the server restarted during the run (its counters may have started again)"),
        o.why());
    // A restart that kept its counts (a clean shutdown) is no check either.
    assertTrue(
        check
            .compare(
                mark(1_000, 0),
                mark(2_000, 30, STARTED.plusSeconds(12), List.of()),
                counted(1_000, 0),
                0)
            .commits()
            .isEmpty());
    // A start read to within a second is the same start.
    assertTrue(
        check
            .compare(
                mark(1_000, 0),
                mark(2_000, 30, STARTED.plusMillis(900), List.of()),
                counted(1_000, 0),
                0)
            .commits()
            .isPresent());
  }

  @Test
  void aCounterThatWentDownIsNotChecked() {
    CommitCheck.Outcome o =
        check.compare(
            mark(1_000, 0, Optional.empty()),
            mark(400, 30, Optional.empty()),
            counted(1_000, 0),
            0);
    assertTrue(o.commits().isEmpty(), o.toString());
    assertEquals(
        Optional.of(
            "xact_commit went down during the run, from 1,000 to 400 (the server's counters were"
                + " reset)"),
        o.why());
  }

  @Test
  void txbenchsOwnCommitsAreSubtractedAndItsUnknownOnesWidenTheRange() {
    CommitCheck ownWork = new CommitCheck(new Counter(2, false, p -> true), Lease.none(), false);
    // Between the marks: 20 telemetry reads and 5 heartbeats of 2 commits answered, 3 reads and 1
    // heartbeat unanswered (up to 5 more commits of txbench's own); 950 counted, 2 in doubt.
    CommitCheck.Mark before = own(1_000, 10, 4, 2, 1, 0);
    for (long server = 950; server <= 957; server++) {
      CommitCheck.Mark after = own(1_000 + server + 30, 30, 7, 7, 2, 30);
      ServerCommits c = commits(ownWork.compare(before, after, counted(950, 2), 0));
      assertEquals(server, c.server());
      assertEquals(server <= 957, c.agrees(), c.toString());
      assertTrue(
          c.note()
              .contains(
                  "less 30 of txbench's own (20 telemetry read(s), 5 lease heartbeat(s) of 2"
                      + " commit(s) each)"),
          c.note());
      assertTrue(c.note().contains("; 2 iteration(s) in doubt: the server may have"), c.note());
      assertTrue(
          c.note().contains("; up to 5 more of txbench's own whose outcome it never learnt"),
          c.note());
    }
    // 958: one more than every commit txbench may have made.
    ServerCommits over =
        commits(
            ownWork.compare(before, own(1_000 + 958 + 30, 30, 7, 7, 2, 30), counted(950, 2), 0));
    assertFalse(over.agrees(), over.toString());
  }

  @Test
  void theOwnCommitsNoteNamesOnlyWhatThereWas() {
    CommitCheck ownWork = new CommitCheck(new Counter(2, false, p -> true), Lease.none(), false);
    ServerCommits beats =
        commits(
            ownWork.compare(
                own(1_000, 0, 0, 0, 0, 0), own(2_002, 0, 0, 1, 0, 30), counted(1_000, 0), 0));
    assertEquals(
        "xact_commit grew by 1,002 over the run; less 2 of txbench's own (1 lease heartbeat(s)"
            + " of 2 commit(s) each)",
        beats.note());
    ServerCommits reads =
        commits(
            ownWork.compare(
                own(1_000, 0, 0, 0, 0, 0), own(2_003, 3, 0, 0, 0, 30), counted(1_000, 0), 0));
    assertEquals(
        "xact_commit grew by 1,003 over the run; less 3 of txbench's own (3 telemetry read(s))",
        reads.note());
  }

  @Test
  void otherSessionsGoUnnamedWhileTheServerCountIsWithinWhatTxbenchMayHaveCommitted() {
    OtherSession reader = new OtherSession("7@t0", "report as alice", Optional.of(ms(200)));
    CommitCheck.Mark before =
        new CommitCheck.Mark(
            new CommitReading(
                1_000, 0, 0, Map.of(), Duration.ZERO, 0, Optional.of(STARTED), List.of(reader)),
            new Lease.Beats(0, 0),
            0);
    // 3 in doubt and 5 of txbench's own unknown: 1,008 is all txbench's.
    CommitCheck.Mark after =
        new CommitCheck.Mark(
            new CommitReading(
                2_008, 0, 5, Map.of(), Duration.ZERO, 0, Optional.of(STARTED), List.of(reader)),
            new Lease.Beats(0, 0),
            30 * SECOND);
    ServerCommits c = commits(check.compare(before, after, counted(1_000, 3), 0));
    assertTrue(c.agrees(), c.toString());
    assertEquals("", c.otherWork());
  }

  @Test
  void whatElseCommittedMeanwhileIsNamedWhenItGrew() {
    CommitCheck.Mark before =
        reading(1_000, Map.of("session(s) opened", 3L, "autovacuum run(s)", 4L), 0, 0);
    CommitCheck.Mark after =
        reading(2_002, Map.of("session(s) opened", 5L, "autovacuum run(s)", 4L), 0, 30);
    ServerCommits c = commits(check.compare(before, after, counted(1_000, 0), 0));
    assertEquals("2 session(s) opened", c.otherWork());
    assertTrue(c.note().contains("2 session(s) opened meanwhile, whose commits count too"));
    assertFalse(c.note().contains("autovacuum"), c.note());
  }

  @Test
  void theNotesSayWhatBearsOnTheReadings() {
    CommitCheck late = new CommitCheck(new Counter(0, true, p -> true), Lease.none(), false);
    ServerCommits quiet =
        commits(late.compare(mark(1_000, 0), mark(2_000, 30), counted(1_000, 0), 0));
    assertEquals("xact_commit grew by 1,000 over the run", quiet.note());
    ServerCommits c =
        commits(
            late.compare(reading(1_000, Map.of(), 0, 0), busy(2_000, 2), counted(1_000, 0), 16));
    assertTrue(
        c.note().contains("; 16 worker session(s) opened for this run had run no"), c.note());
    assertTrue(
        c.note().contains("; 2 session(s) of txbench's were still running a statement"), c.note());
    assertTrue(
        c.note()
            .endsWith(
                "read after 20.9 s of waiting, before and after the run, for"
                    + " the server to publish every session's counts"),
        c.note());
    // A server that counts set-ups at once needs no word on them.
    ServerCommits prompt =
        commits(
            check.compare(reading(1_000, Map.of(), 0, 0), busy(2_000, 2), counted(1_000, 0), 16));
    assertFalse(prompt.note().contains("worker session(s) opened"), prompt.note());
  }

  @Test
  void aStartReadTwoSecondsApartIsStillTheSameStart() {
    assertTrue(
        check
            .compare(
                mark(1_000, 0),
                mark(1_000, 30, STARTED.plusSeconds(2), List.of()),
                counted(0, 0),
                0)
            .commits()
            .isPresent());
    assertTrue(
        check
            .compare(
                mark(1_000, 0),
                mark(1_000, 30, STARTED.plusMillis(2_001), List.of()),
                counted(0, 0),
                0)
            .commits()
            .isEmpty());
    // A counter that did not move is no reset: nothing committed, and nothing was counted.
    assertTrue(commits(check.compare(mark(1_000, 0), mark(1_000, 30), counted(0, 0), 0)).agrees());
  }

  @Test
  void aSessionIdleSinceTheFirstMarkDidNothingMeanwhile() {
    // The marks are 30 s apart (10 s and 40 s): idle for 30 s, a session did nothing between them.
    OtherSession idle = new OtherSession("7@t0", "psql as bob", Optional.of(ms(30_000)));
    OtherSession busy = new OtherSession("8@t0", "etl as alice", Optional.of(ms(29_999)));
    ServerCommits c =
        commits(
            check.compare(
                mark(1_000, 10, STARTED, List.of(idle, busy)),
                mark(2_500, 40, STARTED, List.of(idle, busy)),
                counted(1_000, 0),
                0));
    assertEquals("1 session(s) of other clients (etl as alice)", c.otherWork());
  }

  @Test
  void atMostFiveOtherClientsAreNamed() {
    List<OtherSession> active = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      active.add(new OtherSession(i + "@t0", "app" + i, Optional.empty()));
      ServerCommits c =
          commits(
              check.compare(
                  mark(1_000, 0),
                  mark(2_500, 30, STARTED, List.copyOf(active)),
                  counted(1_000, 0),
                  0));
      assertEquals(i == 5, c.otherWork().endsWith(", ...)"), c.otherWork());
    }
  }

  @Test
  void aMarkWaitsAsTheCounterAsksAndAStopEndsTheWait() throws Exception {
    List<Duration> waits = new java.util.concurrent.CopyOnWriteArrayList<>();
    boolean[] waited = {false};
    CommitCheck.Mark m =
        new CommitCheck(
                new Counter(0, false, pause -> waited[0] = pause.test(Duration.ofMillis(20))),
                Lease.none(),
                false)
            .mark(waits::add);
    assertEquals(7, m.reading().committed());
    assertEquals(List.of(Duration.ofMillis(20)), waits);
    assertTrue(waited[0], "a wait that ran its length was said to be cut short");

    java.util.concurrent.CountDownLatch waiting = new java.util.concurrent.CountDownLatch(1);
    boolean[] paused = {true};
    CommitCheck stopped =
        new CommitCheck(
            new Counter(0, false, pause -> paused[0] = pause.test(Duration.ofHours(1))),
            Lease.none(),
            false);
    java.util.concurrent.CompletableFuture<CommitCheck.Mark> marked =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return stopped.mark(length -> waiting.countDown());
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    assertTrue(waiting.await(30, java.util.concurrent.TimeUnit.SECONDS));
    stopped.stop();
    assertEquals(null, marked.get(30, java.util.concurrent.TimeUnit.SECONDS));
    assertFalse(paused[0], "the pause did not say it was cut short");
  }

  @Test
  void anInterruptEndsTheWaitAndIsKept() throws Exception {
    java.util.concurrent.CountDownLatch waiting = new java.util.concurrent.CountDownLatch(1);
    boolean[] paused = {true};
    boolean[] interrupted = {false};
    CommitCheck check =
        new CommitCheck(
            new Counter(
                0,
                false,
                pause -> {
                  paused[0] = pause.test(Duration.ofHours(1));
                  interrupted[0] = Thread.currentThread().isInterrupted();
                  return paused[0];
                }),
            Lease.none(),
            false);
    Thread marking =
        new Thread(
            () -> {
              try {
                check.mark(length -> waiting.countDown());
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    marking.start();
    assertTrue(waiting.await(30, java.util.concurrent.TimeUnit.SECONDS));
    marking.interrupt();
    marking.join(30_000);
    assertFalse(marking.isAlive(), "the wait outlived its interrupt");
    assertFalse(paused[0]);
    assertTrue(interrupted[0], "the interrupt was swallowed");
  }

  /**
   * A mark of a server whose counter is {@code committed}: with {@code ownCommits} of txbench's
   * telemetry and {@code ownUncertain} it never learnt the outcome of, the lease's {@code answered}
   * and {@code unanswered} heartbeats, at {@code second}.
   */
  private static CommitCheck.Mark own(
      long committed,
      long ownCommits,
      long ownUncertain,
      long answered,
      long unanswered,
      long second) {
    return new CommitCheck.Mark(
        new CommitReading(
            committed,
            ownCommits,
            ownUncertain,
            Map.of(),
            Duration.ZERO,
            0,
            Optional.of(STARTED),
            List.of()),
        new Lease.Beats(answered, unanswered),
        second * SECOND);
  }

  /** A mark with {@code others} counted and {@code busy} sessions, after 10.4 s of waiting. */
  private static CommitCheck.Mark reading(
      long committed, Map<String, Long> others, long busy, long second) {
    return new CommitCheck.Mark(
        new CommitReading(
            committed, 0, 0, others, ms(10_400), busy, Optional.of(STARTED), List.of()),
        new Lease.Beats(0, 0),
        second * SECOND);
  }

  /** The mark after a run, at 30 s, with {@code busy} sessions, after 10.5 s of waiting. */
  private static CommitCheck.Mark busy(long committed, long busy) {
    return new CommitCheck.Mark(
        new CommitReading(
            committed, 0, 0, Map.of(), ms(10_500), busy, Optional.of(STARTED), List.of()),
        new Lease.Beats(0, 0),
        30 * SECOND);
  }

  private static ServerCommits commits(CommitCheck.Outcome o) {
    assertTrue(o.why().isEmpty(), o.toString());
    return o.commits().orElseThrow();
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  private static CommitCheck.Mark mark(long committed, long second) {
    return mark(committed, second, STARTED, List.of());
  }

  /**
   * {@code counted} iterations committed and {@code inDoubt} whose commit the server may have kept.
   */
  private static CommitsCounted counted(long counted, long inDoubt) {
    return new CommitsCounted(counted, inDoubt, Optional.empty());
  }

  private static CommitCheck.Mark mark(long committed, long second, Optional<Instant> started) {
    return new CommitCheck.Mark(
        CommitReading.of(committed, started, List.of()), new Lease.Beats(0, 0), second * SECOND);
  }

  private static CommitCheck.Mark mark(
      long committed, long second, Instant started, List<OtherSession> sessions) {
    return new CommitCheck.Mark(
        CommitReading.of(committed, Optional.of(started), sessions),
        new Lease.Beats(0, 0),
        second * SECOND);
  }

  /**
   * A counter of a server that counts only its clients' commits; {@code perBeat} commits a lease
   * heartbeat, {@code lateSetUp} whether a session's set-up is counted with its first transaction,
   * and {@code settle} what a settle does with its pause.
   */
  private static final class Counter implements CommitCounter<RuntimeException> {
    private final int perBeat;
    private final boolean lateSetUp;
    private final Predicate<Predicate<Duration>> settle;

    Counter() {
      this(0, false, pause -> true);
    }

    Counter(int perBeat, boolean lateSetUp, Predicate<Predicate<Duration>> settle) {
      this.perBeat = perBeat;
      this.lateSetUp = lateSetUp;
      this.settle = settle;
    }

    @Override
    public boolean countsSessionSetUpLate() {
      return lateSetUp;
    }

    @Override
    public String name() {
      return "xact_commit";
    }

    @Override
    public Optional<String> inapplicable(boolean transactions) {
      return Optional.empty();
    }

    @Override
    public CommitReading settle(Predicate<Duration> pause) {
      boolean unused = settle.test(pause); // the reading is the same, cut short or not
      return CommitReading.of(7, Optional.of(STARTED), List.of());
    }

    @Override
    public int commitsPerHeartbeat() {
      return perBeat;
    }
  }
}
