package io.txbench.cli;

import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.ParameterException;

/**
 * The targets and workload kind the command line names, looked up among the bindings on the class
 * path: another name of a target is the target's, and a name none knows is refused in one line with
 * the closest ones known.
 */
final class TargetChoice {
  private final Bindings providers;
  private final Function<String, ParameterException> usage;

  TargetChoice(Bindings providers, Function<String, ParameterException> usage) {
    this.providers = providers;
    this.usage = usage;
  }

  /** The target {@code name} is another name of; {@code name} itself when it is none's. */
  String canonical(String name) {
    return providers.all().stream()
        .filter(b -> b.aliases().contains(name.toLowerCase(Locale.ROOT)))
        .map(TargetBinding::target)
        .findFirst()
        .orElse(name);
  }

  /** The binding of {@code target}. */
  TargetBinding binding(String target) {
    List<String> names = new ArrayList<>(providers.targets());
    providers.all().forEach(b -> names.addAll(b.aliases()));
    return providers
        .forTarget(target)
        .orElseThrow(
            () ->
                usage.apply(
                    "--benchmark-target: "
                        + Suggestions.unknown(
                            "target",
                            target,
                            names,
                            Suggestions.NAMES,
                            "; one of: " + providers.targets())));
  }

  /**
   * The workload the command runs: {@code workload} when {@code --workload} {@code named} it or
   * {@code first} serves it; otherwise (the default target's first) the first kind of {@code
   * first}, which does not serve it (the http target's GET).
   */
  String workload(TargetBinding first, String workload, boolean named) {
    List<WorkloadKind> kinds = first.workloads().kinds();
    boolean served = kinds.stream().anyMatch(k -> k.name().equals(workload));
    return named || served || kinds.isEmpty() ? workload : kinds.get(0).name();
  }

  /** The kind {@code workload} of {@code binding}. */
  WorkloadKind kind(TargetBinding binding, String workload) {
    List<String> known = binding.workloads().kinds().stream().map(WorkloadKind::name).toList();
    return binding
        .workloads()
        .kind(workload)
        .orElseThrow(
            () ->
                usage.apply(
                    "--workload: "
                        + Suggestions.unknown(
                            "workload", workload, known, Suggestions.NAMES, "; one of: " + known)));
  }
}
