package io.txbench.core.keys;

import io.txbench.core.spi.DeclaredOption;
import java.util.function.LongSupplier;

/**
 * How operations choose their keys ({@code --distribution}), as YCSB's {@code requestdistribution}:
 * the same on every target.
 */
public enum KeyDistribution {
  /** The workload's own: uniform, or a YCSB preset's. */
  DEFAULT,
  /** Every key alike. */
  UNIFORM,
  /**
   * YCSB's scrambled zipfian (constant 0.99): a few keys take most operations, spread over the key
   * space by a hash so that the hot keys are not neighbours.
   */
  ZIPFIAN,
  /** YCSB's skewed latest: the newest keys most, by a zipfian counted back from the newest. */
  LATEST,
  /** YCSB's hotspot: 20% of the keys (the first) take 80% of the operations. */
  HOTSPOT;

  /** YCSB's {@code hotspotdatafraction}: the share of the keys that are hot. */
  static final double HOT_KEYS = 0.2;

  /** YCSB's {@code hotspotopnfraction}: the share of the choices the hot keys take. */
  static final double HOT_CHOICES = 0.8;

  public static final DeclaredOption<KeyDistribution> OPTION =
      DeclaredOption.choice(
          "--distribution",
          "NAME",
          "how operations choose keys: uniform, zipfian (YCSB's scrambled zipfian, constant 0.99),"
              + " latest (the newest keys most) or hotspot (20% of the keys take 80%); default:"
              + " uniform, or the YCSB preset's.",
          DEFAULT);

  /** This distribution, or {@code fallback} for {@link #DEFAULT}. */
  public KeyDistribution or(KeyDistribution fallback) {
    return this == DEFAULT ? fallback : this;
  }

  /**
   * A chooser over the keys 1 to {@code keys.getAsLong()}, read at each choice (it grows as a mix
   * inserts); {@link #DEFAULT} chooses as {@link #UNIFORM}. {@link #LATEST} sums its zipfian's
   * weights over the keys there are now, here, so that the first choice does not.
   */
  public KeyChooser over(LongSupplier keys) {
    return switch (this) {
      case DEFAULT, UNIFORM -> random -> 1 + random.nextLong(Math.max(1, keys.getAsLong()));
      case ZIPFIAN -> new ScrambledZipfianChooser(keys);
      case LATEST -> new SkewedLatestChooser(keys);
      case HOTSPOT -> new HotspotChooser(keys, HOT_KEYS, HOT_CHOICES);
    };
  }
}
