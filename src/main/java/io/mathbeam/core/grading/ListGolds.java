package io.mathbeam.core.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Golds that their dataset declares to be several answers. A gold {@code 3,5} reads both as the
 * number 3.5 written with a decimal comma and as the list 3, 5 (docs/GRADING.md, "Decimal commas");
 * where the dataset says the answer is several values, only the list is meant, so such a gold is
 * handed to the grader spaced ({@code 3, 5}), which no decimal comma is. Two declarations are read:
 * OlympiadBench's {@code is_multiple_answer} field, and a problem that asks for its values
 * separated by commas (MATH's "Enter all the solutions, separated by commas."). Only golds a
 * decimal comma could explain change; {@code 1,234} (thousands) and {@code 1,-2} stay as written.
 */
public final class ListGolds {
  /** How MATH-style problems ask for several values in one answer. */
  private static final Pattern ASKS_FOR_A_LIST =
      Pattern.compile(
          "(?i)separated\\s+by\\s+commas|comma[- ]separated|separate\\s+(?:them|your\\s+answers?"
              + "|the\\s+\\w+)\\s+(?:with|by)\\s+commas");

  private ListGolds() {}

  /**
   * {@code golds} as the grader should read them: spaced where {@code problem} asks for a list or
   * {@code multipleAnswer} (a row's {@code is_multiple_answer}: a boolean, or its text) is true.
   */
  public static List<String> declared(List<String> golds, String problem, Object multipleAnswer) {
    // the problem's text is searched only for a gold a decimal comma could explain: most rows
    // have none, and every row passes here when a dataset is read
    if (golds.stream().noneMatch(g -> NumberForms.isDecimalComma(g.strip()))
        || !isTrue(multipleAnswer) && !asksForList(problem)) {
      return golds;
    }
    List<String> out = new ArrayList<>(golds.size());
    for (String gold : golds) {
      out.add(spaced(gold));
    }
    return out;
  }

  /** Whether {@code problem} asks for its values separated by commas. */
  static boolean asksForList(String problem) {
    return problem != null && ASKS_FOR_A_LIST.matcher(problem).find();
  }

  /** {@code 3,5} as {@code 3, 5}; any gold no decimal comma could explain as it is. */
  static String spaced(String gold) {
    String t = gold.strip();
    return NumberForms.isDecimalComma(t) ? t.replace(",", ", ") : gold;
  }

  private static boolean isTrue(Object value) {
    return value instanceof Boolean b
        ? b
        : value != null && "true".equalsIgnoreCase(value.toString());
  }
}
