package io.txbench.core.run;

import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.OtherSession;
import io.txbench.core.spi.server.ServerCommits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The commit cross-check: the server's committed-transaction counter read at a quiet moment before
 * a measured run and at one after it, when none of txbench's sessions runs anything and every
 * commit made is in the counter ({@link CommitCounter#settle}), with no heartbeat of the lease
 * under way; its growth, less what txbench committed itself besides its workers (its telemetry's
 * reads, its lease's heartbeats), is compared with the iterations txbench counted as committed.
 * What else commits on the server (another client, autovacuum) cannot be told apart: the note says
 * what was seen of it. A server that restarted between the two readings, or whose counter went
 * down, started its counters again: there is no check then, and the outcome says why.
 */
public final class CommitCheck {
  /** How far apart two readings of a server's start may be and still be the same start. */
  private static final Duration SAME_START = Duration.ofSeconds(2);

  /** How many other clients' sessions the note names. */
  private static final int NAMED = 5;

  private final CommitCounter<?> counter;
  private final Lease lease;
  private final boolean byStatement;
  private final Object pauses = new Object();
  private volatile boolean stopped;

  /**
   * The counter at a quiet moment, the lease's heartbeats sent by then, and when it was read
   * ({@link System#nanoTime()}).
   */
  record Mark(CommitReading reading, Lease.Beats beats, long nanos) {}

  /** The check of a run ({@code commits}), or why none could be made ({@code why}). */
  record Outcome(Optional<ServerCommits> commits, Optional<String> why) {
    static Outcome unchecked(String why) {
      return new Outcome(Optional.empty(), Optional.of(why));
    }
  }

  /**
   * The check on {@code counter}: of the iterations applied, or, {@code byStatement}, of the timed
   * statements that commit ({@link StatementId#commits()}).
   */
  CommitCheck(CommitCounter<?> counter, Lease lease, boolean byStatement) {
    this.counter = counter;
    this.lease = lease;
    this.byStatement = byStatement;
  }

  /**
   * What txbench counted committed in {@code result}, with {@code unsettled} iterations of earlier
   * runs that may land in it ({@link CommitsCounted}).
   */
  CommitsCounted counted(RunResult result, long unsettled) {
    return CommitsCounted.of(
        result, unsettled, byStatement, counter.countsStatementsOutsideTransactions());
  }

  /**
   * Reads the counter once every commit made is in it, telling {@code waiting} how long it waits
   * for that; null when a stop came meanwhile.
   */
  Mark mark(java.util.function.Consumer<Duration> waiting) throws Exception {
    return lease.betweenBeats(
        () -> {
          CommitReading reading =
              counter.settle(
                  length -> {
                    waiting.accept(length);
                    return pause(length);
                  });
          return stopped ? null : new Mark(reading, lease.beats(), System.nanoTime());
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
   * The check of a run between {@code before} and {@code after}, in which txbench counted {@code
   * committed} ({@link CommitsCounted}: those committed, and those whose commit the server may have
   * kept, with those of earlier runs that may have landed in it); {@code sessionsOpened}, the
   * workers' sessions opened for it.
   */
  Outcome compare(Mark before, Mark after, CommitsCounted committed, int sessionsOpened) {
    long counted = committed.committed();
    long inDoubt = committed.uncertain();
    Optional<String> how = committed.how();
    CommitReading b = before.reading();
    CommitReading a = after.reading();
    Optional<String> incomparable = incomparable(b, a);
    if (incomparable.isPresent()) {
      return Outcome.unchecked(incomparable.get());
    }
    long grew = a.committed() - b.committed();
    long reads = a.ownCommits() - b.ownCommits();
    long beats = after.beats().answered() - before.beats().answered();
    int perBeat = counter.commitsPerHeartbeat();
    long server = grew - reads - beats * perBeat;
    long ownUncertain =
        a.ownUncertain()
            - b.ownUncertain()
            + (after.beats().unanswered() - before.beats().unanswered()) * perBeat;
    boolean agrees = server >= counted && server <= counted + inDoubt + ownUncertain;
    List<String> notes = new ArrayList<>();
    notes.add(String.format(Locale.US, "%s grew by %,d over the run", counter.name(), grew));
    how.ifPresent(notes::add);
    if (reads + beats * perBeat > 0) {
      notes.add(own(reads, beats, perBeat));
    }
    noteUncertain(
        notes,
        inDoubt,
        how.isPresent() ? "iteration(s) or statement(s)" : "iteration(s)",
        ownUncertain);
    List<String> otherWork = new ArrayList<>();
    noteOtherWork(notes, otherWork, before, after, server > counted + inDoubt + ownUncertain);
    noteReadings(notes, b, a, sessionsOpened);
    return new Outcome(
        Optional.of(
            new ServerCommits(
                counter.name(),
                server,
                counted,
                inDoubt,
                agrees,
                String.join("; ", notes),
                String.join(", ", otherWork))),
        Optional.empty());
  }

  /** Notes the commits the server may have made that txbench cannot tell apart. */
  private static void noteUncertain(
      List<String> notes, long inDoubt, String unit, long ownUncertain) {
    if (inDoubt > 0) {
      notes.add(
          String.format(
              Locale.US, "%,d %s in doubt: the server may have committed them", inDoubt, unit));
    }
    if (ownUncertain > 0) {
      notes.add(
          String.format(
              Locale.US,
              "up to %,d more of txbench's own whose outcome it never learnt",
              ownUncertain));
    }
  }

  /**
   * Notes, and lists in {@code otherWork}, what else committed on the server between the marks: the
   * counted work of others, and, when the server committed more than txbench can explain ({@code
   * unexplained}), the other clients' sessions active meanwhile.
   */
  private static void noteOtherWork(
      List<String> notes, List<String> otherWork, Mark before, Mark after, boolean unexplained) {
    CommitReading b = before.reading();
    CommitReading a = after.reading();
    for (Map.Entry<String, Long> other : a.others().entrySet()) {
      long more = other.getValue() - b.others().getOrDefault(other.getKey(), 0L);
      if (more > 0) {
        otherWork.add(String.format(Locale.US, "%,d %s", more, other.getKey()));
        notes.add(
            String.format(
                Locale.US, "%,d %s meanwhile, whose commits count too", more, other.getKey()));
      }
    }
    List<OtherSession> sessions = activeOthers(before, after);
    if (unexplained && !sessions.isEmpty()) {
      String named = named(sessions);
      otherWork.add(
          String.format(Locale.US, "%,d session(s) of other clients%s", sessions.size(), named));
      notes.add(
          String.format(
              Locale.US,
              "%,d session(s) of other clients were active on the server during the run%s:"
                  + " their commits count too",
              sessions.size(),
              named));
    }
  }

  /** Notes what bears on the readings themselves: late-counted set-ups, busy sessions, waits. */
  private void noteReadings(
      List<String> notes, CommitReading b, CommitReading a, int sessionsOpened) {
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
  }

  /**
   * Why readings {@code b} and {@code a} cannot be compared, when they cannot: the server restarted
   * between them (its start moved), or its counter went down (reset, or started again).
   */
  private Optional<String> incomparable(CommitReading b, CommitReading a) {
    if (b.serverStarted().isPresent()
        && a.serverStarted().isPresent()
        && Duration.between(b.serverStarted().get(), a.serverStarted().get())
                .abs()
                .compareTo(SAME_START)
            > 0) {
      return Optional.of(
          "the server restarted during the run (its counters may have started again)");
    }
    if (a.committed() < b.committed()) {
      return Optional.of(
          String.format(
              Locale.US,
              "%s went down during the run, from %,d to %,d (the server's counters were reset)",
              counter.name(),
              b.committed(),
              a.committed()));
    }
    return Optional.empty();
  }

  /**
   * The other clients' sessions that may have committed between the two marks: those that ran
   * something since the first (or whose idleness the server does not tell), and those that ended
   * meanwhile.
   */
  private static List<OtherSession> activeOthers(Mark before, Mark after) {
    Duration between = Duration.ofNanos(after.nanos() - before.nanos());
    Map<String, OtherSession> active = new LinkedHashMap<>();
    for (OtherSession s : after.reading().sessions()) {
      if (s.idle().isEmpty() || s.idle().get().compareTo(between) < 0) {
        active.put(s.id(), s);
      }
    }
    Set<String> still =
        after.reading().sessions().stream().map(OtherSession::id).collect(Collectors.toSet());
    for (OtherSession s : before.reading().sessions()) {
      if (!still.contains(s.id())) {
        active.putIfAbsent(s.id(), s);
      }
    }
    return List.copyOf(active.values());
  }

  /** " (a, b as c, ...)": who the sessions are, as far as the server says; "" when it does not. */
  private static String named(List<OtherSession> sessions) {
    List<String> who =
        sessions.stream().map(OtherSession::who).filter(w -> !w.isEmpty()).distinct().toList();
    if (who.isEmpty()) {
      return "";
    }
    String shown = String.join(", ", who.subList(0, Math.min(NAMED, who.size())));
    return " (" + shown + (who.size() > NAMED ? ", ..." : "") + ")";
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
