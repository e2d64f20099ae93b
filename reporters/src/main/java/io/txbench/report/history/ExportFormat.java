package io.txbench.report.history;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The formats of the services that keep benchmark histories, for the latest run of each series:
 * Bencher's metric format, and github-action-benchmark's {@code customBiggerIsBetter} (tps) and
 * {@code customSmallerIsBetter} (p99 in ms).
 */
public enum ExportFormat {
  BENCHER("bencher"),
  GITHUB_BIGGER("github-bigger"),
  GITHUB_SMALLER("github-smaller");

  private final String label;

  ExportFormat(String label) {
    this.label = label;
  }

  /** As a command line names it. */
  public String label() {
    return label;
  }

  /** The format {@code label} names; the exception's message lists them. */
  public static ExportFormat named(String label) {
    return Arrays.stream(values())
        .filter(f -> f.label.equals(label))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException("no export format '" + label + "' (" + names() + ")"));
  }

  /** The formats' names, in a sentence. */
  public static String names() {
    return Arrays.stream(values()).map(ExportFormat::label).collect(Collectors.joining(", "));
  }
}
