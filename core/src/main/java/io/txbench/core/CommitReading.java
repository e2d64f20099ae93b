package io.txbench.core;

import java.time.Duration;
import java.util.Map;

/**
 * The server's committed-transaction counter read at a quiet moment ({@link CommitCounter#settle}):
 * {@code committed}, the counter; {@code ownCommits}, the commits that txbench's telemetry
 * connection made itself before the read (on a server where each statement is a transaction, each
 * of its statements), and {@code ownUncertain}, those of its statements whose outcome it never
 * learnt; {@code others}, counts of what else commits on the server that txbench cannot subtract,
 * by what they are in words ({@code "session(s) opened"}), so that a growth of one between two
 * readings can be told; {@code waited}, how long it waited for the counter to hold every commit
 * made before; {@code busy}, sessions of txbench's still running a statement then, whose commit may
 * come later.
 */
public record CommitReading(
    long committed,
    long ownCommits,
    long ownUncertain,
    Map<String, Long> others,
    Duration waited,
    long busy) {

  public CommitReading {
    others = Map.copyOf(others);
  }
}
