package io.txbench.core.settings;

import static java.util.stream.Collectors.joining;

import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The connection options of a run as its target takes them, settled before anything connects: the
 * one place where the command line and the Java API apply a target's default user and refuse a URL
 * that is not the target's.
 */
public final class ConnectionSettings {
  /** A user a URL names: user-info before its host, or a {@code user} parameter. */
  private static final Pattern URL_USER =
      Pattern.compile("(?i)^[\\w+.:-]*://[^/?#;]*@|[?&;(]user=[^&;)]");

  private ConnectionSettings() {}

  /**
   * {@code given} as {@code provider} takes it: a URL whose scheme is not one of the provider's is
   * refused, naming the target whose it is among {@code all}; then a URL the provider finds wrong;
   * and where neither {@code given} nor its URL names a user, the provider's default user (what the
   * help says), never the driver's own (the operating system's user).
   *
   * @throws IllegalArgumentException saying what is wrong with the URL, its password masked
   */
  public static TargetOptions resolve(
      TargetOptions given, TargetBinding provider, Collection<TargetBinding> all) {
    Optional<String> url = Optional.ofNullable(given.url()).filter(u -> !u.isBlank());
    if (url.isPresent()) {
      checkTaken(url.get(), List.of(provider), all);
      provider.checkUrl(given);
    }
    if (given.user() != null || url.filter(u -> URL_USER.matcher(u).find()).isPresent()) {
      return given;
    }
    return new TargetOptions(
        given.host(),
        given.port(),
        given.database(),
        provider.defaultUser(),
        given.password(),
        given.url(),
        given.minConnections(),
        given.maxConnections(),
        given.connectionWaitTimeout(),
        given.connectionIdleTimeout(),
        given.declared());
  }

  /**
   * Refuses {@code url} unless one of {@code targets} takes it by its scheme, naming the target of
   * {@code all} whose it is: of a list of targets, each takes the URL of its scheme.
   *
   * @throws IllegalArgumentException saying whose URL it is and what the targets take
   */
  public static void checkTaken(
      String url, List<TargetBinding> targets, Collection<TargetBinding> all) {
    if (targets.stream().anyMatch(t -> t.acceptsUrl(url))) {
      return;
    }
    String whose =
        all.stream()
            .filter(p -> p.acceptsUrl(url))
            .map(p -> "is a " + p.target() + " URL")
            .findFirst()
            .orElse(
                "is not a "
                    + targets.stream().map(TargetBinding::target).collect(joining(" or "))
                    + " URL");
    String takes =
        targets.size() == 1
            ? "the " + targets.get(0).target() + " target takes " + schemes(targets.get(0))
            : "no target of this run takes it: "
                + targets.stream()
                    .map(t -> t.target() + " takes " + schemes(t))
                    .collect(joining(", "));
    throw new IllegalArgumentException(Secret.maskUrl(url) + " " + whose + "; " + takes);
  }

  private static String schemes(TargetBinding target) {
    List<String> schemes = target.urlSchemes();
    return schemes.isEmpty()
        ? "no URL"
        : schemes.stream().map(s -> s + "//...").collect(joining(" or "));
  }
}
