package io.txbench.core;

import java.util.List;

/**
 * A database's entry point, found with {@link java.util.ServiceLoader}: it names its target and
 * the workloads it serves, and builds them. Adding a database is adding a provider.
 */
public interface WorkloadProvider {

  /** The {@code --benchmark-target} name, e.g. {@code postgres}. */
  String target();

  /** The port the target's server listens on by default. */
  int defaultPort();

  /** The user name when none is given, or {@code null} for none. */
  String defaultUser();

  /** The database when none is given. */
  String defaultDatabase();

  /**
   * Checks the URL given for this target (with the credentials that go with it), before anything
   * connects.
   *
   * @throws IllegalArgumentException with a message that says what is wrong with it
   */
  default void checkUrl(TargetOptions options) {}

  /** The {@code --workload} names this provider serves. */
  List<String> workloads();

  /**
   * Connects to the target. Throws {@link TargetUnavailableException} with a one-line message when
   * the server cannot be reached or refuses the credentials.
   */
  Target open(TargetOptions target, WorkloadOptions workload) throws TargetUnavailableException;

  /**
   * Drops every table or collection of txbench's that its record on the target lists, then the
   * record itself, and nothing else ({@code --drop}), under an exclusive lease on all of them.
   */
  Dropped dropOwned(Target target) throws Exception;

  /** Builds a workload on a target this provider opened. */
  Workload<?> workload(Target target, WorkloadOptions options);
}
