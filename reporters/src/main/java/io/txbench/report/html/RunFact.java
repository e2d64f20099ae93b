package io.txbench.report.html;

import java.util.List;

/**
 * One thing that may change a run's result (its target, parallelism, isolation level, an option...)
 * with each run's value, as shown: "" where a run does not say.
 */
record RunFact(String name, List<String> values) {
  RunFact {
    values = List.copyOf(values);
  }

  /** Whether every run has the same value. */
  boolean same() {
    return values.stream().distinct().count() == 1;
  }

  /** "name value", as the line of what every run shares says it; "" where the run has none. */
  String shown(int run) {
    String value = values.get(run);
    return value.isEmpty() ? "" : name + " " + value;
  }

  /** As {@link #shown}, but a target or workload by its name alone: "postgres". */
  String brief(int run) {
    return name.equals("target") || name.equals("workload") ? values.get(run) : shown(run);
  }
}
