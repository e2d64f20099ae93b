package io.txbench.core.spi.values;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Every credential of a run, and the two ways to mask them, by where the text comes from.
 *
 * <p>Text txbench writes itself (a target's name, a workload, an option, a URL it shows) holds a
 * password only where one stands by shape: a URL's user-info or a parameter named like a secret.
 * {@link #maskShapes} and {@link #maskUrl} mask exactly those; the password option is never shown.
 * The password's literal text is never searched for there: a password that is also a common word
 * ({@code postgres}, {@code txbench}) would mask the target's or the tool's name, and say which
 * word the password is.
 *
 * <p>Text from outside (a driver's or a library's log line, an exception's message) may quote a
 * password anywhere, whole or in part: {@link #mask} masks, in that text, the password from
 * whichever source gave it and the secrets of every URL of the run, each as given, URL-encoded and
 * decoded and in the pieces a URL parser may print, and the same shapes.
 */
public final class Credentials {
  static final String MASK = "****";

  /** The shortest secret masked as text: masking one or two letters everywhere hides nothing. */
  private static final int SHORTEST = 3;

  /** {@code scheme://user:password@host}: the password runs to the last @ of the authority. */
  private static final Pattern USER_INFO = Pattern.compile("(://[^/:@\\s]*:)([^/\\s]*)@");

  /**
   * A parameter named like a secret; its value runs to the next & or the end of the word. One that
   * names a file ({@code --target-database-password-file=FILE}) holds a path, not a secret. One
   * masked already keeps the colon after it, where a message goes on ({@code password=****: why}).
   */
  private static final Pattern PARAMETER =
      Pattern.compile(
          "(?i)((?:^|[?&;,(\\s])[\\w.-]*(?:password|pwd|secret|token)[\\w.-]*(?<![-_.]file)=)"
              + "(\\*{4}(?=:?(?:\\s|&|$))|[^&\\s]*)");

  /**
   * In a whole URL: {@code scheme://user:password@host...} where the password, unencoded, may hold
   * any character; it runs to the last @.
   */
  private static final Pattern URL_USER_INFO =
      Pattern.compile("^[\\w+.:-]*://[^:@/]*:(?!\\d+(?:[/?]|$))(.*)@[^@]*$", Pattern.DOTALL);

  /**
   * In a whole URL: a secret-named parameter, whose unencoded value runs to the next {@code &name=}
   * or the end, whatever it holds (&, ;, spaces).
   */
  private static final Pattern URL_PARAMETER =
      Pattern.compile(
          "(?i)[?&;(][\\w.-]*(?:password|pwd|secret|token)[\\w.-]*=(.*?)(?=&[\\w.-]+=|$)",
          Pattern.DOTALL);

  private static final Pattern URL_DELIMITERS = Pattern.compile("[&;?#/@:=%'\"\\s,()\\[\\]]+");
  private final List<String> secrets = new ArrayList<>();

  /**
   * Adds a secret (a password), in every form it may be printed in: as it is, URL-encoded and
   * decoded, and each of its pieces between the characters that split URLs, since a URL parser or a
   * library's own masking may print only a part of it.
   */
  public synchronized void add(String secret) {
    if (secret == null || secret.length() < SHORTEST) {
      return;
    }
    remember(secret);
    for (String piece : URL_DELIMITERS.split(secret, -1)) {
      remember(piece);
    }
    remember(URLEncoder.encode(secret, StandardCharsets.UTF_8));
    remember(URLEncoder.encode(secret, StandardCharsets.UTF_8).replace("+", "%20"));
    try {
      remember(URLDecoder.decode(secret, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException notEncoded) {
      // It was not URL-encoded: the other forms are enough.
    }
  }

  private void remember(String form) {
    if (form.length() >= SHORTEST && !secrets.contains(form)) {
      secrets.add(form);
    }
  }

  /**
   * Adds the secrets a URL carries (a whole argument known to be one): its user-info password and
   * its secret-named parameters, read as the user may have typed them, unencoded.
   */
  public void addUrl(String url) {
    if (url == null || !url.contains("://")) {
      return;
    }
    Matcher userInfo = URL_USER_INFO.matcher(url);
    if (userInfo.find()) {
      add(userInfo.group(1));
    }
    Matcher parameter = URL_PARAMETER.matcher(url);
    while (parameter.find()) {
      add(parameter.group(1));
    }
  }

  /**
   * Text from outside (a driver's message, a library's log line) with every known secret, and every
   * secret-shaped part of a URL, masked. Never for text txbench writes itself: see {@link
   * #maskShapes}.
   */
  public @Nullable String mask(@Nullable String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    List<String> known;
    synchronized (this) {
      known = List.copyOf(secrets);
    }
    // Secrets may overlap (a password inside a URL's): every place any of them covers is masked.
    boolean[] covered = new boolean[text.length()];
    boolean any = false;
    for (String secret : known) {
      for (int at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
        java.util.Arrays.fill(covered, at, at + secret.length(), true);
        any = true;
      }
    }
    if (!any) {
      return maskShapes(text);
    }
    StringBuilder masked = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      if (!covered[i]) {
        masked.append(text.charAt(i));
      } else if (i == 0 || !covered[i - 1]) {
        masked.append(MASK);
      }
    }
    return maskShapes(masked.toString());
  }

  /**
   * A whole URL without its secrets: the user-info password and every secret-named parameter are
   * taken out (not masked), so that the URL can be used again, with the password given some other
   * way. The same shapes as {@link #addUrl} recognises.
   */
  public static String withoutSecrets(String url) {
    Matcher userInfo = URL_USER_INFO.matcher(url);
    String u =
        userInfo.matches()
            ? url.substring(0, userInfo.start(1) - 1) + url.substring(userInfo.end(1))
            : url;
    // A parameter that opened the query leaves its ?: the query goes on with the next, if any.
    String kept = URL_PARAMETER.matcher(u).replaceAll(p -> p.group().startsWith("?") ? "?" : "");
    return kept.replace("?&", "?").replaceFirst("\\?$", "");
  }

  /**
   * A whole URL, as txbench shows one it was given: its user-info password and the values of its
   * secret-named parameters masked, read as the user may have typed them, unencoded (the same
   * shapes as {@link #addUrl} recognises); nothing else in it is touched.
   */
  public static @Nullable String maskUrl(@Nullable String url) {
    if (url == null) {
      return null;
    }
    Matcher userInfo = URL_USER_INFO.matcher(url);
    String u =
        userInfo.matches()
            ? url.substring(0, userInfo.start(1)) + MASK + url.substring(userInfo.end(1))
            : url;
    // Each parameter's name kept, its value masked.
    return maskShapes(
        URL_PARAMETER
            .matcher(u)
            .replaceAll(p -> Matcher.quoteReplacement(u.substring(p.start(), p.start(1)) + MASK)));
  }

  /**
   * Only the URL shapes, in any text: a user-info password and secret-named parameters. The mask
   * for text txbench writes itself.
   */
  public static @Nullable String maskShapes(@Nullable String text) {
    if (text == null) {
      return null;
    }
    String masked = USER_INFO.matcher(text).replaceAll("$1" + MASK + "@");
    return PARAMETER.matcher(masked).replaceAll("$1" + MASK);
  }
}
