package io.txbench.core.spi;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a declared option means to those who compare runs, declared with it ({@link
 * DeclaredOption#withRole}) so that no report needs to know a target's options by name:
 * summary.json records each option's role beside its value ({@code optionRoles}), and reports read
 * it there.
 */
public enum OptionRole {
  /**
   * The isolation level of the workers' transactions ({@code --sql-isolation-level}): a fact of its
   * own in a report, and runs at two levels are two series of a history.
   */
  ISOLATION("isolation"),

  /**
   * Another guarantee the workers' transactions are given, such as MongoDB's read and write
   * concerns: runs with two are two series of a history.
   */
  CONSISTENCY("consistency");

  private final String label;

  OptionRole(String label) {
    this.label = label;
  }

  /** The role as summary.json records it and a report names it: {@code isolation}. */
  public String label() {
    return label;
  }

  /** The role {@code label} names; empty for one this version does not know (a later one's). */
  public static Optional<OptionRole> ofLabel(String label) {
    return Arrays.stream(values()).filter(r -> r.label.equals(label)).findFirst();
  }
}
