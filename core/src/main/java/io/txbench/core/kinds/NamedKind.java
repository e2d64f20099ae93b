package io.txbench.core.kinds;

import io.txbench.core.spi.WorkloadKind;

/** A kind whose name and description are given when it is made. */
public abstract class NamedKind implements WorkloadKind {
  private final String name;
  private final String description;

  protected NamedKind(String name, String description) {
    this.name = name;
    this.description = description;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String description() {
    return description;
  }
}
