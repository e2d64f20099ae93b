package io.txbench.core.spi.server;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server's committed-transaction counter read at a quiet moment ({@link CommitCounter#settle}):
 * {@code committed}, the counter; {@code ownCommits}, the commits that txbench's telemetry
 * connection made itself before the read (on a server where each statement is a transaction, each
 * of its statements), and {@code ownUncertain}, those of its statements whose outcome it never
 * learnt; {@code others}, counts of what else commits on the server that txbench cannot subtract,
 * by what they are in words ({@code "session(s) opened"}), so that a growth of one between two
 * readings can be told; {@code waited}, how long it waited for the counter to hold every commit
 * made before; {@code busy}, sessions of txbench's still running a statement then, whose commit may
 * come later; {@code serverStarted}, when the server last started (to within a second or so; empty
 * when it does not say), so that a restart between two readings, which starts its counters again,
 * can be told; {@code sessions}, other clients' sessions connected then.
 */
public record CommitReading(
    long committed,
    long ownCommits,
    long ownUncertain,
    Map<String, Long> others,
    Duration waited,
    long busy,
    Optional<Instant> serverStarted,
    List<OtherSession> sessions) {

  public CommitReading {
    others = Map.copyOf(others);
    sessions = List.copyOf(sessions);
  }

  /**
   * A reading of a server that counts only its clients' commits, none of txbench's own beside its
   * workers', and makes them count at once.
   */
  public static CommitReading of(
      long committed, Optional<Instant> serverStarted, List<OtherSession> sessions) {
    return new CommitReading(committed, 0, 0, Map.of(), Duration.ZERO, 0, serverStarted, sessions);
  }
}
