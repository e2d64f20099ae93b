package io.txbench.core.workloads;

import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import java.util.List;

/**
 * YCSB's core workloads A to F: its mixes and key distributions, on its own table {@code usertable}
 * of {@code --field-count} text fields of {@code --field-length} characters (10 x 100, as YCSB's
 * defaults), plus an {@code updates} counter for verify. A read reads every field; an update writes
 * one field, chosen at random; an insert writes all of them under the next key.
 */
public final class Ycsb extends MixKind {
  /** The data the presets share, as txbench's record and lease name it. */
  public static final String DATA_SET = "ycsb";

  public static final String TABLE = "usertable";

  public static final DeclaredOption<Long> FIELD_COUNT =
      DeclaredOption.between(
          "--field-count", "N", "text fields per row of usertable (1 to 100).", 10, 1, 100);

  public static final DeclaredOption<Long> FIELD_LENGTH =
      DeclaredOption.between(
          "--field-length",
          "CHARS",
          "characters per field of usertable (1 to 10,000).",
          100,
          1,
          10_000);

  /** YCSB's six core workloads. */
  public enum Preset {
    A(
        "ycsb-a",
        "update heavy: 50% reads, 50% updates",
        "read=50,update=50",
        KeyDistribution.ZIPFIAN),
    B("ycsb-b", "read mostly: 95% reads, 5% updates", "read=95,update=5", KeyDistribution.ZIPFIAN),
    C("ycsb-c", "read only", "read=100", KeyDistribution.ZIPFIAN),
    D("ycsb-d", "read latest: 95% reads, 5% inserts", "read=95,insert=5", KeyDistribution.LATEST),
    E("ycsb-e", "short ranges: 95% scans, 5% inserts", "scan=95,insert=5", KeyDistribution.ZIPFIAN),
    F(
        "ycsb-f",
        "read-modify-write: 50% reads, 50% read-modify-writes",
        "read=50,rmw=50",
        KeyDistribution.ZIPFIAN);

    private final String workloadName;
    private final String description;

    @SuppressWarnings("ImmutableEnumChecker") // Mix is not changed after parse, nor hands out state
    private final Mix mix;

    private final KeyDistribution distribution;

    Preset(String workloadName, String description, String mix, KeyDistribution distribution) {
      this.workloadName = workloadName;
      this.description = description;
      this.mix = Mix.parse(mix);
      this.distribution = distribution;
    }
  }

  private final Preset preset;

  public Ycsb(Preset preset) {
    super(preset.workloadName, "YCSB workload " + preset.name() + ", " + preset.description);
    this.preset = preset;
  }

  @Override
  public String dataSet() {
    return DATA_SET;
  }

  @Override
  public String table() {
    return TABLE;
  }

  @Override
  protected List<DeclaredOption<?>> ownOptions() {
    return List.of(FIELD_COUNT, FIELD_LENGTH, SCAN_LENGTH);
  }

  @Override
  public Mix mix(OptionValues values) {
    return preset.mix;
  }

  @Override
  public KeyDistribution distribution(OptionValues values) {
    return values.get(KeyDistribution.OPTION).or(preset.distribution);
  }

  public static int fieldCount(OptionValues values) {
    return values.get(FIELD_COUNT).intValue();
  }

  public static int fieldLength(OptionValues values) {
    return values.get(FIELD_LENGTH).intValue();
  }
}
