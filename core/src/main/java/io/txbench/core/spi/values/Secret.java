package io.txbench.core.spi.values;

import org.jspecify.annotations.Nullable;

/** A password: it prints as asterisks, so it cannot leak through a log line or a toString. */
public final class Secret {
  private static final Secret NONE = new Secret("");
  private final String value;

  private Secret(String value) {
    this.value = value;
  }

  public static Secret of(String value) {
    return value == null || value.isEmpty() ? NONE : new Secret(value);
  }

  public static Secret none() {
    return NONE;
  }

  /** The password itself: hand it to a driver, never to a string that is shown. */
  public String reveal() {
    return value;
  }

  public boolean isEmpty() {
    return value.isEmpty();
  }

  /**
   * Replaces every occurrence of this password in a text from outside (a driver's error message)
   * with asterisks; never in text txbench writes itself, where a password that is a common word
   * would mask that word (see {@link Credentials}).
   */
  public String maskIn(String text) {
    return value.isEmpty() || text == null ? text : text.replace(value, "****");
  }

  /**
   * A connection URL with any password in it masked: {@code user:password@} and any parameter named
   * like a secret; see {@link Credentials#maskUrl}.
   */
  public static @Nullable String maskUrl(@Nullable String url) {
    return Credentials.maskUrl(url);
  }

  @Override
  public String toString() {
    return value.isEmpty() ? "" : "****";
  }
}
