package io.txbench.core.ownership;

import io.txbench.core.spi.server.LeaseMode;

/**
 * One lease as its store keeps it: who holds it ({@code id}, host, pid), on which tables ({@code
 * group}, or {@code *} for all of txbench's), in which mode, and when it started and last beat, in
 * milliseconds of the store's own clock.
 */
public record LeaseRecord(
    String id,
    String group,
    LeaseMode mode,
    String host,
    long pid,
    long startedMillis,
    long heartbeatMillis) {

  /** All of txbench's tables, as {@code --drop} leases them. */
  public static final String ALL_GROUPS = "*";

  /** What its holder is doing, in words. */
  String doing() {
    if (group.equals(ALL_GROUPS)) {
      return "dropping txbench's tables";
    }
    return mode == LeaseMode.EXCLUSIVE
        ? "preparing the " + group + " tables"
        : "running on the " + group + " tables";
  }

  /** Whether this lease and one in {@code other} mode on {@code otherGroup} cannot coexist. */
  boolean conflictsWith(String otherGroup, LeaseMode other) {
    boolean sameTables =
        group.equals(otherGroup) || group.equals(ALL_GROUPS) || otherGroup.equals(ALL_GROUPS);
    return sameTables && (mode == LeaseMode.EXCLUSIVE || other == LeaseMode.EXCLUSIVE);
  }
}
