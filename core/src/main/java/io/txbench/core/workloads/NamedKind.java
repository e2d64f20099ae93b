package io.txbench.core.workloads;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadKind;
import java.util.List;
import java.util.Optional;

/**
 * A kind whose name and description are given when it is made. Its iterations are of one kind, none
 * recorded apart, unless it says otherwise (a mix, the analytics queries).
 */
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

  /** None: a threshold on an operation of this kind is refused before anything connects. */
  @Override
  public Optional<List<String>> operations(OptionValues values) {
    return Optional.of(List.of());
  }
}
