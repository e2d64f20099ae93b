package io.txbench.cli;

import io.txbench.core.spi.Bindings;
import java.util.Iterator;

/** The kinds of workload the targets on the class path serve, for the help text. */
final class WorkloadNames implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return new Bindings()
        .kinds().stream()
            .map(k -> k.name() + " (" + k.description().replace("%", "%%") + ")")
            .iterator();
  }
}
