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

  /** How many different values the runs have. */
  long distinct() {
    return values.stream().distinct().count();
  }

  /** "name value", as the line of what every run shares says it. */
  String shown(int run) {
    String value = values.get(run);
    return value.isEmpty() ? name + " not recorded" : name + " " + value;
  }
}
