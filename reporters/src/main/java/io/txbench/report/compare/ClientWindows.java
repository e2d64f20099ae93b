package io.txbench.report.compare;

import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When the clients of a merge measured, and what the merged result's window is. A merge is of
 * clients that ran at the same time: runs whose windows do not overlap at all (a sweep's levels,
 * run one after another) are refused, since adding up their throughputs would claim a load that
 * never was. The merged window spans the earliest start to the latest end, and its throughput is
 * every iteration over that span: when the clients overlap for less than {@value #WELL_OVERLAPPED}
 * of it, that understates what they did together, and a warning says so.
 *
 * @param start the earliest start of a client's measured window
 * @param end the latest end of one
 * @param overlapStart the latest start: from it to {@code overlapEnd}, every client measured
 * @param overlapEnd the earliest end
 * @param period the --metrics period of every client, the merged intervals' period
 */
public record ClientWindows(
    Instant start, Instant end, Instant overlapStart, Instant overlapEnd, Duration period) {
  /** The share of the merged window under which its throughput is called understated. */
  static final double WELL_OVERLAPPED = 0.9;

  /**
   * The windows of {@code runs}; the exception's message is one line that names two runs that never
   * ran at the same time, or whose periods differ.
   */
  public static ClientWindows of(List<ResultDirectory> runs) throws IOException {
    ResultDirectory firstToEnd =
        runs.stream().min(Comparator.comparing(ResultDirectory::end)).orElseThrow();
    ResultDirectory lastToStart =
        runs.stream().max(Comparator.comparing(ResultDirectory::start)).orElseThrow();
    if (!lastToStart.start().isBefore(firstToEnd.end())) {
      throw new IOException(
          firstToEnd.path()
              + " and "
              + lastToStart.path()
              + " did not run at the same time (the one ended at "
              + firstToEnd.end()
              + ", the other started at "
              + lastToStart.start()
              + "): merge combines clients that ran together, and compare shows runs made one"
              + " after another");
    }
    Duration period = period(runs.get(0));
    for (ResultDirectory r : runs) {
      if (!period(r).equals(period)) {
        throw new IOException(
            runs.get(0).path()
                + " and "
                + r.path()
                + " have different --metrics periods ("
                + period
                + " and "
                + period(r)
                + "): their periods do not merge one by one");
      }
    }
    return new ClientWindows(
        runs.stream().map(ResultDirectory::start).min(Instant::compareTo).orElseThrow(),
        runs.stream().map(ResultDirectory::end).max(Instant::compareTo).orElseThrow(),
        lastToStart.start(),
        firstToEnd.end(),
        period);
  }

  /**
   * A run's --metrics period, as its options record it; summaries without it: the length of its
   * first period (to the millisecond), which is that period but for the last, shorter one.
   */
  private static Duration period(ResultDirectory run) {
    return run.summary()
        .metricsPeriod()
        .orElseGet(
            () ->
                run.intervals().isEmpty()
                    ? Duration.ofSeconds(1)
                    : Duration.ofMillis(
                        Math.max(1, Math.round(run.intervals().get(0).t() * 1000))));
  }

  public double seconds() {
    return Duration.between(start, end).toNanos() / 1e9;
  }

  public double overlapSeconds() {
    return Duration.between(overlapStart, overlapEnd).toNanos() / 1e9;
  }

  /**
   * The merged period a run's first period goes to: the one nearest its start in wall-clock time.
   * Its later periods follow one by one, so no two of them share a merged period.
   */
  int firstPeriod(ResultDirectory run) {
    return (int)
        Math.round(Duration.between(start, run.start()).toNanos() / (double) period.toNanos());
  }

  /** A line that says the merged throughput is understated, when the overlap is short. */
  public Optional<String> warning() {
    double share = overlapSeconds() / seconds();
    if (share >= WELL_OVERLAPPED) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the clients all ran together for %.2f s of"
                + " the %.2f s from the first start to the last end (%.0f%%): the merged tps, over that"
                + " whole span, understates their throughput together",
            overlapSeconds(),
            seconds(),
            100 * share));
  }
}
