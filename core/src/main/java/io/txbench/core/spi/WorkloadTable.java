package io.txbench.core.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kinds of workload one target serves, each with how it builds the target's workload: what a
 * target module registers, in place of a switch on names.
 *
 * @param <T> the target's own client type
 */
public final class WorkloadTable<T extends Target> {
  private final Map<String, Entry<T, ?>> byName;

  /** How a target builds its workload of {@code kind}. */
  @FunctionalInterface
  public interface Builder<T, K extends WorkloadKind> {
    Workload<?, ?> build(T target, K kind, WorkloadOptions options);
  }

  private record Entry<T, K extends WorkloadKind>(K kind, Builder<T, K> builder) {
    Workload<?, ?> build(T target, WorkloadOptions options) {
      return builder.build(target, kind, options);
    }
  }

  private WorkloadTable(Map<String, Entry<T, ?>> byName) {
    this.byName = byName;
  }

  public static <T extends Target> WorkloadTable<T> of() {
    return new WorkloadTable<>(Map.of());
  }

  /** This table, and {@code kind} built by {@code builder}. */
  public <K extends WorkloadKind> WorkloadTable<T> serve(K kind, Builder<T, K> builder) {
    if (byName.containsKey(kind.name())) {
      throw new IllegalArgumentException("the workload " + kind.name() + " is served twice");
    }
    Map<String, Entry<T, ?>> more = new LinkedHashMap<>(byName);
    more.put(kind.name(), new Entry<>(kind, builder));
    return new WorkloadTable<>(more);
  }

  /** The kinds served, in the order registered. */
  public List<WorkloadKind> kinds() {
    return byName.values().stream().<WorkloadKind>map(Entry::kind).toList();
  }

  /** The kind named {@code name}, if this target serves it. */
  public Optional<WorkloadKind> kind(String name) {
    return Optional.ofNullable(byName.get(name)).map(Entry::kind);
  }

  /** The target's workload of {@code options}' kind, on {@code target}. */
  public Workload<?, ?> build(T target, WorkloadOptions options) {
    Entry<T, ?> entry = byName.get(options.name());
    if (entry == null) {
      throw new IllegalArgumentException(
          "unknown workload " + options.name() + "; one of: " + byName.keySet());
    }
    return entry.build(target, options);
  }
}
