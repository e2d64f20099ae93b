package io.txbench.core.spi;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A database's entry point, found with {@link java.util.ServiceLoader}: it names its target and the
 * workloads it serves, and builds them. Adding a database is adding a provider.
 */
public interface TargetBinding {

  /** The {@code --benchmark-target} name, e.g. {@code postgres}. */
  String target();

  /** The port the target's server listens on by default. */
  int defaultPort();

  /** The user name when none is given, or {@code null} for none. */
  @Nullable String defaultUser();

  /** The database when none is given. */
  String defaultDatabase();

  /**
   * The schemes of this target's URLs, each as a URL starts ({@code jdbc:postgresql:}): a URL of
   * another scheme is refused before anything connects ({@code ConnectionSettings}), and of a list
   * of URLs each target takes the one of its scheme.
   */
  List<String> urlSchemes();

  /**
   * Checks a URL of this target's scheme (with the credentials that go with it), before anything
   * connects.
   *
   * @throws IllegalArgumentException with a message that says what is wrong with it
   */
  default void checkUrl(TargetOptions options) {}

  /** Whether {@code url} starts with one of {@link #urlSchemes()}, in any case. */
  default boolean acceptsUrl(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    return urlSchemes().stream().anyMatch(s -> lower.startsWith(s.toLowerCase(Locale.ROOT)));
  }

  /**
   * Starts this target's embedded server, for a run with nothing else to talk to. {@code why} says
   * why one is needed ("--embedded", or "nothing answered on localhost:3306"), for the message of a
   * target that has none.
   *
   * @throws TargetUnavailableException when the target has none (the default: the message says how
   *     to name a server instead), or it does not start
   */
  default EmbeddedServer startEmbedded(String why) throws TargetUnavailableException {
    throw new TargetUnavailableException(
        why
            + ", and txbench has no embedded server for "
            + target()
            + ": name one with --target-database-host or --target-url");
  }

  /**
   * The options this target takes beyond the connection's (an isolation level, read and write
   * concerns): the command line shows them in help, parses them with their declarations and hands
   * their values over in {@link TargetOptions#declared()}. Targets may share a declaration (the
   * same instance): it is then one option.
   */
  default List<DeclaredOption<?>> options() {
    return List.of();
  }

  /**
   * Where this target stands when the user names none: the provider with the lowest rank is the
   * default {@code --benchmark-target}.
   */
  default int defaultRank() {
    return Integer.MAX_VALUE;
  }

  /**
   * Other names {@code --benchmark-target} takes for this target ({@code mariadb} for {@code
   * mysql}); the run is recorded under {@link #target()}.
   */
  default List<String> aliases() {
    return List.of();
  }

  /** The loggers of the libraries it uses, and their quiet levels. */
  default List<LibraryLogger> loggers() {
    return List.of();
  }

  /**
   * The kinds of workload this target serves ({@code --workload}), each with how it builds the
   * target's workload.
   */
  WorkloadTable<?> workloads();

  /**
   * Connects to the target for runs of {@code workload} (its pool commits each statement when
   * {@link WorkloadOptions#transactions()} says its iterations are no transactions): the target,
   * typed together with how it builds its workloads and drops its tables. Throws {@link
   * TargetUnavailableException} with a one-line message when the server cannot be reached or
   * refuses the credentials.
   */
  OpenTarget<?, ?> open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException;
}
