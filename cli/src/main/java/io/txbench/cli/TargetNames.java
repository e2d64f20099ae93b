package io.txbench.cli;

import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.TargetBinding;
import java.util.Comparator;
import java.util.Iterator;

/** The targets on the class path, for the help text, each with its other names. */
final class TargetNames implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return new Bindings()
        .all().stream()
            .sorted(Comparator.comparing(TargetBinding::target))
            .map(
                b ->
                    b.aliases().isEmpty()
                        ? b.target()
                        : b.target() + " (or " + String.join(", ", b.aliases()) + ")")
            .iterator();
  }
}
