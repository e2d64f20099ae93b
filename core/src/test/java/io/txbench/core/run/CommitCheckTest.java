package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.ownership.Lease;
import io.txbench.core.spi.CommitCounter;
import io.txbench.core.spi.ServerCommits;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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

  private final CommitCheck check = new CommitCheck(new Counter(), Lease.none());

  @Test
  void aServerCountWithinTheInDoubtAgrees() {
    ServerCommits c = commits(check.compare(mark(1_000, 0), mark(2_003, 30), 1_000, 3, 0));
    assertTrue(c.agrees(), c.toString());
    assertEquals(1_003, c.server());
    assertEquals("", c.otherWork());
  }

  @Test
  void aServerCountBelowTxbenchsDiffers() {
    // Commits txbench counted that the server does not have: lost.
    ServerCommits c = commits(check.compare(mark(1_000, 0), mark(1_990, 30), 1_000, 0, 0));
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
    ServerCommits c = commits(check.compare(before, after, 1_000, 3, 0));
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
                1_000,
                0,
                0));
    assertTrue(c.agrees(), c.toString());
    assertEquals("", c.otherWork());
  }

  @Test
  void aRestartedServerIsNotChecked() {
    // Restarted, its counter started again from zero: no "Server says -800 commits".
    CommitCheck.Outcome o =
        check.compare(
            mark(1_000, 0), mark(200, 30, STARTED.plusSeconds(12), List.of()), 1_000, 0, 0);
    assertTrue(o.commits().isEmpty(), o.toString());
    assertEquals(
        Optional.of("the server restarted during the run (its counters may have started again)"),
        o.why());
    // A restart that kept its counts (a clean shutdown) is no check either.
    assertTrue(
        check
            .compare(
                mark(1_000, 0), mark(2_000, 30, STARTED.plusSeconds(12), List.of()), 1_000, 0, 0)
            .commits()
            .isEmpty());
    // A start read to within a second is the same start.
    assertTrue(
        check
            .compare(
                mark(1_000, 0), mark(2_000, 30, STARTED.plusMillis(900), List.of()), 1_000, 0, 0)
            .commits()
            .isPresent());
  }

  @Test
  void aCounterThatWentDownIsNotChecked() {
    CommitCheck.Outcome o =
        check.compare(
            mark(1_000, 0, Optional.empty()), mark(400, 30, Optional.empty()), 1_000, 0, 0);
    assertTrue(o.commits().isEmpty(), o.toString());
    assertEquals(
        Optional.of(
            "xact_commit went down during the run, from 1,000 to 400 (the server's counters were"
                + " reset)"),
        o.why());
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

  /** A counter of a server that counts only its clients' commits. */
  private static final class Counter implements CommitCounter<RuntimeException> {
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
      throw new UnsupportedOperationException("the test gives its readings");
    }

    @Override
    public int commitsPerHeartbeat() {
      return 0;
    }
  }
}
