package io.txbench.cli;

import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.TargetBinding;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Objects;
import java.util.function.Function;

/**
 * One entry per target on the class path, in name order, for the help text ({@code
 * ${COMPLETION-CANDIDATES}}): each target's default of a connection option, "PORT for TARGET", or
 * its names ({@link Names}).
 */
abstract class TargetDefaults implements Iterable<String> {
  private final Function<TargetBinding, String> entry;

  TargetDefaults(Function<TargetBinding, String> entry) {
    this.entry = entry;
  }

  @Override
  public Iterator<String> iterator() {
    return new Bindings()
        .all().stream().sorted(Comparator.comparing(TargetBinding::target)).map(entry).iterator();
  }

  /** "VALUE for TARGET", "none" for a target without one. */
  private static Function<TargetBinding, String> of(Function<TargetBinding, Object> value) {
    return p -> Objects.requireNonNullElse(value.apply(p), "none") + " for " + p.target();
  }

  static final class Ports extends TargetDefaults {
    Ports() {
      super(of(TargetBinding::defaultPort));
    }
  }

  static final class Databases extends TargetDefaults {
    Databases() {
      super(of(TargetBinding::defaultDatabase));
    }
  }

  static final class Users extends TargetDefaults {
    Users() {
      super(of(TargetBinding::defaultUser));
    }
  }

  /** Each target's name, with its other names: "mysql (or mariadb)". */
  static final class Names extends TargetDefaults {
    Names() {
      super(
          b ->
              b.aliases().isEmpty()
                  ? b.target()
                  : b.target() + " (or " + String.join(", ", b.aliases()) + ")");
    }
  }
}
