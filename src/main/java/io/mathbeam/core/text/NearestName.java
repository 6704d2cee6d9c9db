package io.mathbeam.core.text;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known name closest to a mistyped one, for "did you mean" hints on options, sweep-file keys
 * and paths: the smallest edit distance (insertions, deletions, substitutions and swaps of two
 * neighbouring characters, case ignored), if it is small for the name's length. Ties go to the
 * first name in iteration order.
 */
public final class NearestName {
  private NearestName() {}

  public static Optional<String> among(String typed, Collection<String> known) {
    String t = typed.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String name : known) {
      int d = distance(t, name.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = name;
        bestDistance = d;
      }
    }
    // a third of the name, at least 1 and at most 3 edits: beyond that a hint misleads
    int allowed = Math.max(1, Math.min(3, t.length() / 3));
    return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  /** " (did you mean 'x'?)" or "" when no known name is close. */
  public static String hint(String typed, Collection<String> known) {
    return among(typed, known).map(n -> " (did you mean '" + n + "'?)").orElse("");
  }

  /** Optimal string alignment distance: Levenshtein with adjacent transpositions. */
  static int distance(String a, String b) {
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
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[a.length()][b.length()];
  }
}
