package io.txbench.report.history;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The formats of the services that keep benchmark histories, for the latest run of each series:
 * Bencher's metric format, and github-action-benchmark's {@code customBiggerIsBetter} (tps) and
 * {@code customSmallerIsBetter} (p99 in ms).
 */
public enum ExportFormat {
  BENCHER,
  GITHUB_BIGGER,
  GITHUB_SMALLER;

  /** As a command line names it: {@code github-bigger}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The format {@code label} names; the exception's message lists them. */
  public static ExportFormat named(String label) {
    return Arrays.stream(values())
        .filter(f -> f.label().equals(label))
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
