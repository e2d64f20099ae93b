package io.txbench.core.keys;

import java.util.SplittableRandom;

/**
 * A zipfian over a number of items that grows while workers draw (the keys a mix inserts), for
 * YCSB's skewed latest. The sum of the weights (zeta) of the last count is kept and extended by the
 * new items' weights when the count grows, as YCSB does, never summed again from the first item
 * (the first zeta, and one for a count far from the kept one, come from {@link Zipfian#zeta}).
 * Shared by the workers: the figures are one immutable value behind a volatile field, replaced
 * under a lock; a worker that read the count just before another's insert (a count a little below
 * the kept one) subtracts the few weights in between for its own draw and keeps nothing.
 */
final class GrowingZipfian {
  /**
   * How far below the kept count a draw works from it alone; further, the kept count moves. A count
   * read before other workers' inserts lags by about the inserts in flight, a few per worker;
   * counts are not expected to fall for good.
   */
  static final long NEAR = 256;

  /** How far from the kept count zeta is worked out anew rather than by the weights between. */
  static final long FAR = 100_000;

  /** The figures for one number of items. */
  private record Sums(long items, double zeta, double eta) {
    static Sums of(long items, double zeta) {
      return new Sums(items, zeta, Zipfian.eta(items, zeta));
    }
  }

  private volatile Sums sums = Sums.of(1, 1);

  /** Sums the weights of {@code items} now (when known), so that the first draw does not. */
  GrowingZipfian(long items) {
    if (items > 1) {
      zeta(items);
    }
  }

  /** A rank from 0 to {@code items - 1}, rank 0 the most popular. */
  long rank(SplittableRandom random, long items) {
    double u = random.nextDouble();
    Sums kept = sums;
    if (kept.items == items) {
      return Zipfian.rank(u, items, kept.zeta, kept.eta);
    }
    double zeta = zeta(items);
    return Zipfian.rank(u, items, zeta, Zipfian.eta(items, zeta));
  }

  /** Zeta of {@code items}, from the kept one. */
  double zeta(long items) {
    Sums kept = sums;
    if (items < kept.items && kept.items - items <= NEAR) {
      return kept.zeta - Zipfian.terms(items, kept.items);
    }
    synchronized (this) {
      kept = sums;
      if (items == kept.items || (items < kept.items && kept.items - items <= NEAR)) {
        return kept.zeta - Zipfian.terms(items, kept.items);
      }
      double zeta;
      if (Math.abs(items - kept.items) > FAR) {
        zeta = Zipfian.zeta(items);
      } else if (items > kept.items) {
        zeta = kept.zeta + Zipfian.terms(kept.items, items);
      } else {
        zeta = kept.zeta - Zipfian.terms(items, kept.items);
      }
      sums = Sums.of(items, zeta);
      return zeta;
    }
  }
}
