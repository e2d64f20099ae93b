package io.txbench.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the verify phase found: the figures it read (row counts, sums) and the anomalies, in words.
 */
public record Verification(Map<String, Long> figures, List<String> anomalies) {

  public Verification {
    figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    anomalies = List.copyOf(anomalies);
  }

  public boolean passed() {
    return anomalies.isEmpty();
  }
}
