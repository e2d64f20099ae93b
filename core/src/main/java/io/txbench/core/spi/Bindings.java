package io.txbench.core.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The workload providers on the class path. */
public final class Bindings {
  /** The default target first ({@link TargetBinding#defaultRank()}), then by name. */
  private static final Comparator<TargetBinding> DEFAULT_FIRST =
      Comparator.comparingInt(TargetBinding::defaultRank).thenComparing(TargetBinding::target);

  private final List<TargetBinding> providers = new ArrayList<>();

  public Bindings(ClassLoader loader) {
    ServiceLoader.load(TargetBinding.class, loader).forEach(providers::add);
  }

  public Bindings() {
    this(Bindings.class.getClassLoader());
  }

  public Optional<TargetBinding> forTarget(String target) {
    return providers.stream().filter(p -> p.target().equals(target)).findFirst();
  }

  /** Every provider, in the order found. */
  public List<TargetBinding> all() {
    return List.copyOf(providers);
  }

  /** The target of a command that names none: the lowest {@link TargetBinding#defaultRank()}. */
  public Optional<String> defaultTarget() {
    return providers.stream().min(DEFAULT_FIRST).map(TargetBinding::target);
  }

  /**
   * Every kind of workload some target serves, each once (by name), the default target's first and
   * in the order it registers them.
   */
  public List<WorkloadKind> kinds() {
    java.util.Map<String, WorkloadKind> kinds = new java.util.LinkedHashMap<>();
    providers.stream()
        .sorted(DEFAULT_FIRST)
        .forEach(p -> p.workloads().kinds().forEach(k -> kinds.putIfAbsent(k.name(), k)));
    return List.copyOf(kinds.values());
  }

  /** The target names, sorted, for help and error messages. */
  public List<String> targets() {
    return providers.stream().map(TargetBinding::target).distinct().sorted().toList();
  }
}
