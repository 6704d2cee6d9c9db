package io.mathbeam.core.grading;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gold that boxes each part of a multi-part answer on its own, with a few words between ({@code
 * (a) \boxed{12} (b) \boxed{\frac14}}, {@code $p = \boxed{3}$ and $q = \boxed{4}$}, {@code The
 * smallest is \boxed{2500} and the largest \boxed{7500}}): the parts in order, as a tuple, so that
 * an answer listing the values in one box, or without one, is compared part by part. A worked
 * solution with several boxes is not such a gold (more than {@value #MAX_WORDS} words outside the
 * boxes), nor one whose words between two boxes make the later box replace the earlier ("but",
 * "so", "actually", "final answer", ...): the last box, or the last boxes joined by "and", is its
 * answer ({@link Boxes#last}).
 */
final class GoldParts {
  /**
   * More words than this outside the boxes make the gold a worked solution, not a list of parts.
   */
  static final int MAX_WORDS = 20;

  private static final Pattern WORD = Pattern.compile("[A-Za-z]{2,}");

  /** Words between two boxes that make the later one replace the earlier, not a further part. */
  private static final Pattern CORRECTION =
      Pattern.compile(
          "(?i)\\b(?:but|thus|so|therefore|hence|wait|actually|however|instead|rather|oops"
              + "|mistake|wrong|correct(?:ion|ed)?|final(?:ly)?|answer)\\b");

  /** A label before a box: {@code p =}, {@code x_1 =}. */
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z](?:_\\{?\\w+\\}?)?)\\s*=\\s*[\\s$]*$");

  private static final Pattern BOX_COMMAND = Pattern.compile("\\\\(?:boxed|fbox|framebox)");

  private GoldParts() {}

  /** {@code (part 1, part 2, ...)}, or null when the gold is not one box per part. */
  static String ofBoxes(String gold) {
    List<String> boxes = Boxes.all(gold);
    if (boxes.size() < 2 || boxes.stream().anyMatch(String::isBlank)) {
      return null;
    }
    String outside = gold;
    for (String box : boxes) {
      outside = outside.replace(box, " ");
    }
    outside = BOX_COMMAND.matcher(outside).replaceAll(" ");
    if (WORD.matcher(outside).results().count() > MAX_WORDS) {
      return null;
    }
    List<String> gaps = Boxes.gaps(gold);
    boolean onlyJoined = true;
    Set<String> labels = new HashSet<>();
    for (String gap : gaps) {
      // "... \boxed{1}, but \boxed{2}": a later box that corrects an earlier one
      if (CORRECTION.matcher(gap).find()) {
        return null;
      }
      onlyJoined &= Boxes.BOX_JOINER.matcher(gap).matches();
      Matcher label = LABEL.matcher(gap);
      if (label.find()) {
        labels.add(label.group(1));
      }
    }
    Matcher box = BOX_COMMAND.matcher(gold);
    Matcher first = LABEL.matcher(box.find() ? gold.substring(0, box.start()) : "");
    if (first.find()) {
      labels.add(first.group(1));
    }
    if (onlyJoined && labels.size() <= 1) {
      // "\boxed{2} and \boxed{3}", "x = \boxed{2} or x = \boxed{3}": the values of one
      // quantity, a list in any order (Boxes.last)
      return null;
    }
    return "(" + String.join(", ", boxes) + ")";
  }
}
