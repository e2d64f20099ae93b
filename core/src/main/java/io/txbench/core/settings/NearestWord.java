package io.txbench.core.settings;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * "Did you mean": the known word nearest to a mistyped one (an option, a workload, a target), by
 * edit distance or a synonym, for the command line and the Java API alike.
 */
public final class NearestWord {
  private NearestWord() {}

  /**
   * The word of {@code known} that {@code typed} was meant to be: the same but for case, dashes and
   * underscores ({@code point_select}), the one {@code synonyms} names (keys as {@link #normal}),
   * or the nearest by edit distance when near enough; empty when none is.
   */
  public static Optional<String> nearest(
      String typed, Collection<String> known, Map<String, String> synonyms) {
    String normal = normal(typed);
    for (String word : known) {
      if (normal(word).equals(normal)) {
        return Optional.of(word);
      }
    }
    String synonym = synonyms.containsKey(typed) ? synonyms.get(typed) : synonyms.get(normal);
    if (synonym != null && known.contains(synonym)) {
      return Optional.of(synonym);
    }
    String bare = bare(typed);
    // One edit in a short word, two in a longer one: more would suggest what was not meant; a
    // letter or two is no word to correct.
    int limit = bare.length() <= 2 ? 0 : bare.length() <= 4 ? 1 : bare.length() <= 8 ? 2 : 3;
    @Nullable String best = null;
    int nearest = limit + 1;
    for (String word : known) {
      int d = distance(bare, bare(word));
      if (d < nearest) {
        best = word;
        nearest = d;
      }
    }
    return Optional.ofNullable(best);
  }

  /** Lower case, without dashes and underscores: {@code --Point_Select} is {@code pointselect}. */
  public static String normal(String word) {
    return word.toLowerCase(Locale.ROOT).replaceAll("[-_\\s]", "");
  }

  private static String bare(String word) {
    return word.toLowerCase(Locale.ROOT).replaceFirst("^-+", "");
  }

  /**
   * The edits (insert, delete, replace, swap two neighbours) that turn {@code a} into {@code b}:
   * Damerau-Levenshtein's optimal string alignment.
   */
  public static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
