package io.txbench.core.workloads;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The operations a mix draws from ({@code --mix}), each on one key (a range for a scan). */
public enum MixOperation {
  /** One row read by key (YCSB's read). */
  POINT_SELECT("point-select", "read"),
  /** One row's payload changed by key, its update counted (YCSB's update). */
  UPDATE("update", "update"),
  /** One new row under the next key (YCSB's insert). */
  INSERT("insert", "insert"),
  /** One row deleted by key. */
  DELETE("delete", "delete"),
  /** Up to {@code --scan-length} rows read from a key in key order (YCSB's scan). */
  RANGE_SCAN("range-scan", "scan"),
  /** One row read then changed by key, its update counted (YCSB's readmodifywrite). */
  READ_MODIFY_WRITE("read-modify-write", "rmw");

  private final String text;
  private final String ycsbName;

  MixOperation(String text, String ycsbName) {
    this.text = text;
    this.ycsbName = ycsbName;
  }

  /** The name in {@code --mix} and in the results: {@code point-select}. */
  public String text() {
    return text;
  }

  /** The operation named {@code name}, as txbench or YCSB names it, in any case. */
  public static Optional<MixOperation> named(String name) {
    String lower = name.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(op -> op.text.equals(lower) || op.ycsbName.equals(lower))
        .findFirst();
  }

  /** Whether it may change the data. */
  public boolean writes() {
    return this != POINT_SELECT && this != RANGE_SCAN;
  }
}
