package io.txbench.report.live;

/**
 * The step a run is at, as the metrics endpoint's {@code txbench_phase} gauge shows it: the data's
 * setup, the unmeasured warm-up, the measured window, verify, and done (the run's results written).
 */
public enum Phase {
  SETUP("setup"),
  WARMUP("warmup"),
  MEASURED("measured"),
  VERIFY("verify"),
  DONE("done");

  private final String label;

  Phase(String label) {
    this.label = label;
  }

  /** The label value the endpoint gives this phase. */
  public String label() {
    return label;
  }
}
