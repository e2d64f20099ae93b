package io.txbench.cli;

import java.util.List;
import java.util.Locale;

/** Which of the {@code --target-url} values belongs to a target, by the URL's scheme. */
final class TargetUrls {
  private TargetUrls() {}

  static String pick(List<String> urls, String target, int targets) {
    if (urls == null || urls.isEmpty()) {
      return null;
    }
    if (urls.size() == 1 && targets == 1) {
      return urls.get(0);
    }
    for (String url : urls) {
      if (target.equals(kind(url))) {
        return url;
      }
    }
    return null;
  }

  /** The target a URL is for: postgres, mysql or mongo; null when the scheme says nothing. */
  static String kind(String url) {
    String u = url.toLowerCase(Locale.ROOT);
    if (u.startsWith("jdbc:postgresql:")) {
      return "postgres";
    }
    if (u.startsWith("jdbc:mysql:") || u.startsWith("jdbc:mariadb:")) {
      return "mysql";
    }
    if (u.startsWith("mongodb:") || u.startsWith("mongodb+srv:")) {
      return "mongo";
    }
    return null;
  }
}
