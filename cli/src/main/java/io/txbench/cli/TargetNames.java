package io.txbench.cli;

import io.txbench.core.spi.Bindings;
import java.util.Iterator;

/** The targets on the class path, for the help text. */
final class TargetNames implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return new Bindings().targets().iterator();
  }
}
