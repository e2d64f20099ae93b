package io.txbench.cli;

import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.TargetBinding;
import java.util.Comparator;
import java.util.Iterator;
import java.util.function.Function;

/**
 * Each target's default of a connection option, for the help text ({@code
 * ${COMPLETION-CANDIDATES}}): "PORT for TARGET", one entry per provider on the class path.
 */
abstract class TargetDefaults implements Iterable<String> {
  private final Function<TargetBinding, Object> value;

  TargetDefaults(Function<TargetBinding, Object> value) {
    this.value = value;
  }

  @Override
  public Iterator<String> iterator() {
    return new Bindings()
        .all().stream()
            .sorted(Comparator.comparing(TargetBinding::target))
            .map(
                p -> {
                  Object shown = value.apply(p);
                  return (shown == null ? "none" : shown) + " for " + p.target();
                })
            .iterator();
  }

  static final class Ports extends TargetDefaults {
    Ports() {
      super(TargetBinding::defaultPort);
    }
  }

  static final class Databases extends TargetDefaults {
    Databases() {
      super(TargetBinding::defaultDatabase);
    }
  }

  static final class Users extends TargetDefaults {
    Users() {
      super(TargetBinding::defaultUser);
    }
  }
}
