package io.txbench.api;

import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.settings.ConnectionSettings;
import io.txbench.core.settings.Limits;
import io.txbench.core.settings.NearestWord;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Durations;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.thresholds.Threshold;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A builder's settings read against the target's provider: the workload kind, the declared options
 * parsed by their declarations, where to connect, and the options as summary.json records them (the
 * password never among them, a URL's masked), with the roles of those that have one ({@code
 * roles}).
 */
record RunRequest(
    TargetOptions target,
    WorkloadOptions workload,
    List<Threshold> thresholds,
    Map<String, Object> shown,
    Map<String, OptionRole> roles) {

  /** The builder's settings read against {@code provider}, one of {@code all} on the class path. */
  static RunRequest resolve(BenchmarkBuilder b, TargetBinding provider, List<TargetBinding> all) {
    WorkloadKind kind = kind(b, provider);
    OptionValues targetValues = OptionValues.defaults();
    OptionValues kindValues = OptionValues.defaults();
    for (Map.Entry<String, String> given : b.options.entrySet()) {
      String name = "--" + given.getKey();
      DeclaredOption<?> targetOption = find(provider.options(), name);
      DeclaredOption<?> kindOption = find(kind.options(), name);
      if (targetOption != null) {
        targetValues = set(targetValues, targetOption, given.getValue());
      } else if (kindOption != null) {
        kindValues = set(kindValues, kindOption, given.getValue());
      } else {
        throw new IllegalArgumentException(
            "option '"
                + given.getKey()
                + "': neither "
                + provider.target()
                + " nor "
                + kind.name()
                + " takes it"
                + NearestWord.nearest(
                        given.getKey(), names(provider.options(), kind.options()), Map.of())
                    .map(n -> "; did you mean " + n + "?")
                    .orElse("; they take: " + names(provider.options(), kind.options())));
      }
    }
    TargetOptions target = target(b, provider, all, targetValues);
    List<Threshold> thresholds = new ArrayList<>();
    for (String expression : b.thresholds) {
      thresholds.add(Thresholds.parse(expression, b.verify, kind, kindValues));
    }
    Map<String, Object> shown = shown(b, provider, kind);
    return new RunRequest(
        target,
        new WorkloadOptions(kind, b.seed, kindValues),
        List.copyOf(thresholds),
        shown,
        roles(shown, provider.options(), kind.options()));
  }

  /** The roles of those of {@code shown} that {@code targetOptions} or {@code kindOptions} give. */
  private static Map<String, OptionRole> roles(
      Map<String, Object> shown,
      List<DeclaredOption<?>> targetOptions,
      List<DeclaredOption<?>> kindOptions) {
    Map<String, OptionRole> roles = new LinkedHashMap<>();
    for (List<DeclaredOption<?>> declared : List.of(targetOptions, kindOptions)) {
      for (DeclaredOption<?> option : declared) {
        String name = option.name().substring(2);
        if (option.role() != null && shown.containsKey(name)) {
          roles.put(name, option.role());
        }
      }
    }
    return roles;
  }

  /** The workload kind the builder names, or the provider's first. */
  private static WorkloadKind kind(BenchmarkBuilder b, TargetBinding provider) {
    List<WorkloadKind> kinds = provider.workloads().kinds();
    String named = b.workload;
    if (named == null) {
      return kinds.get(0);
    }
    List<String> names = kinds.stream().map(WorkloadKind::name).toList();
    return provider
        .workloads()
        .kind(named)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "workload: unknown workload '"
                        + named
                        + "' for "
                        + provider.target()
                        + NearestWord.nearest(named, names, Map.of())
                            .map(n -> "; did you mean " + n + "?")
                            .orElse("; one of: " + names)));
  }

  /** Where to connect: a URL, or host, port and database (the provider's by default). */
  private static TargetOptions target(
      BenchmarkBuilder b,
      TargetBinding provider,
      List<TargetBinding> all,
      OptionValues targetValues) {
    if (b.url != null && (b.host != null || b.port != null || b.database != null)) {
      throw new IllegalArgumentException(
          "url: a URL names the server itself; give it, or host, port and database, not both");
    }
    if (b.embedded && (b.url != null || b.host != null || b.port != null)) {
      throw new IllegalArgumentException(
          "embedded: starts a server of its own; it excludes url, host and port");
    }
    TargetOptions target =
        new TargetOptions(
            b.host != null ? b.host : "localhost",
            b.port != null ? b.port : provider.defaultPort(),
            b.database != null ? b.database : provider.defaultDatabase(),
            b.user,
            b.password,
            b.url,
            b.parallelism,
            b.parallelism,
            b.connectionWaitTimeout,
            Durations.parse(Limits.DEFAULT_CONNECTION_IDLE),
            targetValues);
    try {
      return ConnectionSettings.resolve(target, provider, all);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("url: " + e.getMessage(), e);
    }
  }

  private static @Nullable DeclaredOption<?> find(List<DeclaredOption<?>> declared, String name) {
    return declared.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
  }

  private static List<String> names(List<DeclaredOption<?>> a, List<DeclaredOption<?>> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream())
        .map(o -> o.name().substring(2))
        .toList();
  }

  private static <T> OptionValues set(OptionValues values, DeclaredOption<T> option, String text) {
    T value;
    try {
      value = option.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "option '" + option.name().substring(2) + "': " + e.getMessage(), e);
    }
    return values.with(option, value);
  }

  /** What summary.json's {@code options} records of this run. */
  private static Map<String, Object> shown(
      BenchmarkBuilder b, TargetBinding provider, WorkloadKind kind) {
    Map<String, Object> shown = new LinkedHashMap<>();
    shown.put("api", true);
    shown.put("benchmark-target", provider.target());
    shown.put("workload", kind.name());
    shown.put("parallelism", b.parallelism);
    if (b.length() instanceof ForIterations counted) {
      shown.put("iterations", counted.count());
    } else if (b.length() instanceof ForDuration timed) {
      shown.put("duration", timed.length().toString());
    }
    b.warmup().ifPresent(w -> shown.put("warmup", w.toString()));
    Optional.ofNullable(b.startAt).ifPresent(at -> shown.put("start-at", at.toString()));
    Optional.ofNullable(b.pacing).ifPresent(open -> shown.put("rate", open.rate()));
    Optional.ofNullable(b.costPerHour)
        .ifPresent(cost -> shown.put("cost-per-hour", cost.perHour()));
    Optional.ofNullable(b.url).ifPresent(url -> shown.put("target-url", Secret.maskUrl(url)));
    Optional.ofNullable(b.user).ifPresent(user -> shown.put("target-database-user", user));
    shown.put("embedded", b.embedded);
    shown.put("seed", b.seed);
    shown.put("max-retries", b.maxRetries);
    shown.put("max-errors", b.maxErrors);
    shown.put("verify", b.verify);
    shown.put("commit-check", b.commitCheck);
    shown.put("skip-setup", b.reuseData);
    b.options.forEach(shown::put);
    if (!b.thresholds.isEmpty()) {
      shown.put("threshold", List.copyOf(b.thresholds));
    }
    return shown;
  }
}
