package io.txbench.core.spi;

/** Why the outcome of an iteration is not known: the server may or may not hold it. */
public enum InDoubtCause {
  /** A commit, or a write the server commits on its own, was sent and no reply came back. */
  REPLY_LOST("reply-lost"),
  /** The iteration was still waiting on the server when the run's grace period ended. */
  ABANDONED("abandoned");

  private final String label;

  InDoubtCause(String label) {
    this.label = label;
  }

  /** The name used in result files. */
  public String label() {
    return label;
  }
}
