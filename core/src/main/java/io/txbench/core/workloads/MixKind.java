package io.txbench.core.workloads;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Verification;
import java.util.List;

/**
 * A weighted mix of item operations ({@code --mix point-select=95,update=5}), one drawn per
 * iteration, each recorded apart as well as in the totals, as YCSB reports its {@code [READ]} and
 * {@code [UPDATE]} sections; on the sysbench-shaped item tables. The YCSB presets ({@link Ycsb})
 * are the same on YCSB's own table.
 */
public class MixKind extends ItemKind {
  public static final String NAME = "mix";

  public static final DeclaredOption<Mix> MIX =
      new DeclaredOption<>(
          "--mix",
          "OP=WEIGHT,...",
          "the operations of a mix with their weights, of: point-select, update, insert, delete,"
              + " range-scan, read-modify-write (YCSB's read, scan and rmw also do).",
          "point-select=95,update=5",
          false,
          Mix::parse);

  public static final DeclaredOption<Long> SCAN_LENGTH =
      DeclaredOption.between(
          "--scan-length",
          "ROWS",
          "the longest range-scan of a mix; each reads from 1 to this many rows, uniformly (YCSB's"
              + " maxscanlength).",
          100,
          1,
          1_000_000);

  public MixKind() {
    this(NAME, "weighted mix of item operations (--mix)");
  }

  MixKind(String name, String description) {
    super(name, description);
  }

  @Override
  protected List<DeclaredOption<?>> ownOptions() {
    return List.of(MIX, SCAN_LENGTH);
  }

  public Mix mix(OptionValues values) {
    return values.get(MIX);
  }

  @Override
  public java.util.Optional<List<String>> operations(OptionValues values) {
    return java.util.Optional.of(mix(values).names());
  }

  public static long scanLength(OptionValues values) {
    return values.get(SCAN_LENGTH);
  }

  @Override
  public Verification verify(ItemEvidence run) {
    return mix(run.options()).verify(run);
  }
}
