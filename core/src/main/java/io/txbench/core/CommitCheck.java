package io.txbench.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The commit cross-check: the server's committed-transaction counter read at a quiet moment before
 * a measured run and at one after it, when none of txbench's sessions runs anything and every
 * commit made is in the counter ({@link CommitCounter#settle}), with no heartbeat of the lease
 * under way; its growth, less what txbench committed itself besides its workers (its telemetry's
 * reads, its lease's heartbeats), is compared with the iterations txbench counted as committed.
 * What else commits on the server (another client, autovacuum) cannot be told apart: the note says
 * what was seen of it.
 */
final class CommitCheck {
  private final CommitCounter counter;
  private final Lease lease;
  private final Object pauses = new Object();
  private volatile boolean stopped;

  /** The counter at a quiet moment, and the lease's heartbeats sent by then. */
  record Mark(CommitReading reading, Lease.Beats beats) {}

  CommitCheck(CommitCounter counter, Lease lease) {
    this.counter = counter;
    this.lease = lease;
  }

  /** Reads the counter once every commit made is in it; null when a stop came meanwhile. */
  Mark mark() throws Exception {
    return lease.betweenBeats(
        () -> {
          CommitReading reading = counter.settle(this::pause);
          return stopped ? null : new Mark(reading, lease.beats());
        });
  }

  /** Ends a wait under way, and any to come: a stop was asked for. */
  void stop() {
    stopped = true;
    synchronized (pauses) {
      pauses.notifyAll();
    }
  }

  /** Waits {@code length}; false when a stop came first. */
  private boolean pause(Duration length) {
    long end = System.nanoTime() + length.toNanos();
    synchronized (pauses) {
      for (long left = length.toNanos(); left > 0 && !stopped; left = end - System.nanoTime()) {
        try {
          TimeUnit.NANOSECONDS.timedWait(pauses, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    return !stopped;
  }

  /**
   * The check of a run between {@code before} and {@code after}; {@code unsettled}, in-doubt
   * iterations of earlier runs that may have landed in it.
   */
  ServerCommits compare(
      Mark before, Mark after, RunResult result, long unsettled, int sessionsOpened) {
    CommitReading b = before.reading();
    CommitReading a = after.reading();
    long grew = a.committed() - b.committed();
    long reads = a.ownCommits() - b.ownCommits();
    long beats = after.beats().answered() - before.beats().answered();
    int perBeat = counter.commitsPerHeartbeat();
    long server = grew - reads - beats * perBeat;
    long counted = result.iterations() - result.declined();
    long inDoubt = result.inDoubt() + unsettled;
    long ownUncertain =
        a.ownUncertain()
            - b.ownUncertain()
            + (after.beats().unanswered() - before.beats().unanswered()) * perBeat;
    boolean agrees = server >= counted && server <= counted + inDoubt + ownUncertain;
    List<String> notes = new ArrayList<>();
    notes.add(String.format(Locale.US, "%s grew by %,d over the run", counter.name(), grew));
    if (reads + beats * perBeat > 0) {
      notes.add(own(reads, beats, perBeat));
    }
    if (inDoubt > 0) {
      notes.add(
          String.format(
              Locale.US, "%,d iteration(s) in doubt: the server may have committed them", inDoubt));
    }
    if (ownUncertain > 0) {
      notes.add(
          String.format(
              Locale.US,
              "up to %,d more of txbench's own whose outcome it never learnt",
              ownUncertain));
    }
    List<String> otherWork = new ArrayList<>();
    for (Map.Entry<String, Long> other : a.others().entrySet()) {
      long more = other.getValue() - b.others().getOrDefault(other.getKey(), 0L);
      if (more > 0) {
        otherWork.add(String.format(Locale.US, "%,d %s", more, other.getKey()));
        notes.add(
            String.format(
                Locale.US, "%,d %s meanwhile, whose commits count too", more, other.getKey()));
      }
    }
    if (sessionsOpened > 0 && counter.countsSessionSetUpLate()) {
      notes.add(
          sessionsOpened
              + " worker session(s) opened for this run had run no transaction before it: the"
              + " server counts the commits of their set-up statements (SET ...) with their first"
              + " transaction, in the run, a few each (a warm-up avoids this)");
    }
    if (a.busy() > 0) {
      notes.add(a.busy() + " session(s) of txbench's were still running a statement at the end");
    }
    Duration waited = a.waited().plus(b.waited());
    if (!waited.isZero()) {
      notes.add(
          String.format(
              Locale.US,
              "read after %.1f s of waiting, before and after the run, for the server to publish"
                  + " every session's counts",
              waited.toMillis() / 1000.0));
    }
    return new ServerCommits(
        counter.name(),
        server,
        counted,
        inDoubt,
        agrees,
        String.join("; ", notes),
        String.join(", ", otherWork));
  }

  private static String own(long reads, long beats, int perBeat) {
    List<String> parts = new ArrayList<>();
    if (reads > 0) {
      parts.add(String.format(Locale.US, "%,d telemetry read(s)", reads));
    }
    if (beats * perBeat > 0) {
      parts.add(
          String.format(Locale.US, "%,d lease heartbeat(s) of %d commit(s) each", beats, perBeat));
    }
    return String.format(
        Locale.US,
        "less %,d of txbench's own (%s)",
        reads + beats * perBeat,
        String.join(", ", parts));
  }
}
