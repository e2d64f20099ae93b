package io.txbench.report.live;

import java.util.Locale;

/**
 * The step a run is at, as the metrics endpoint's {@code txbench_phase} gauge shows it: the data's
 * setup, the unmeasured warm-up, the measured window, verify, and done (the run's results written).
 */
public enum Phase {
  SETUP,
  WARMUP,
  MEASURED,
  VERIFY,
  DONE;

  /** The label value the endpoint gives this phase: its name in lower case. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
