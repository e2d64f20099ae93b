package io.txbench.cli;

import io.txbench.core.spi.Providers;
import io.txbench.core.spi.WorkloadProvider;
import java.util.Comparator;
import java.util.Iterator;
import java.util.function.Function;

/**
 * Each target's default of a connection option, for the help text ({@code
 * ${COMPLETION-CANDIDATES}}): "PORT for TARGET", one entry per provider on the class path.
 */
abstract class TargetDefaults implements Iterable<String> {
  private final Function<WorkloadProvider, Object> value;

  TargetDefaults(Function<WorkloadProvider, Object> value) {
    this.value = value;
  }

  @Override
  public Iterator<String> iterator() {
    return new Providers()
        .all().stream()
            .sorted(Comparator.comparing(WorkloadProvider::target))
            .map(
                p -> {
                  Object shown = value.apply(p);
                  return (shown == null ? "none" : shown) + " for " + p.target();
                })
            .iterator();
  }

  static final class Ports extends TargetDefaults {
    Ports() {
      super(WorkloadProvider::defaultPort);
    }
  }

  static final class Databases extends TargetDefaults {
    Databases() {
      super(WorkloadProvider::defaultDatabase);
    }
  }

  static final class Users extends TargetDefaults {
    Users() {
      super(WorkloadProvider::defaultUser);
    }
  }
}
