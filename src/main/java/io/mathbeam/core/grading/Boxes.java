package io.mathbeam.core.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code \boxed{}}, {@code \fbox{}} and {@code \framebox{}} answers, brace-matched. */
final class Boxes {
  private static final Pattern BOX = Pattern.compile("\\\\(?:boxed|fbox|framebox)(?![a-zA-Z])");
  static final int MAX_JOINED_BOXES = 10;
  static final Pattern BOX_JOINER =
      Pattern.compile(
          "(?:\\s|\\$|,|;|\\band\\b|\\bor\\b|\\\\q?quad|\\\\[,;]"
              + "|\\\\text\\{\\s*(?:and|or|,)?\\s*\\})*"
              + "(?:[a-zA-Z](?:_\\{?\\w+\\}?)?\\s*=\\s*)?[\\s$]*");

  private Boxes() {}

  /**
   * {@code s} without spaces and line breaks at its ends. Not {@link String#trim}: a form feed or
   * tab at the start is what a lost {@code \\f} of {@code \\frac} or {@code \\t} of {@code \\text}
   * left (a JSON escape), which {@link EncodingRepairs} names again.
   */
  static String trimBlank(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && isBlank(s.charAt(start))) {
      start++;
    }
    while (end > start && isBlank(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(start, end);
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\n' || c == '\r';
  }

  /**
   * Content of the last complete box, "" for an empty box, null when there is none. Boxes joined
   * only by "and", "or", commas or {@code x =} ({@code \\boxed{2} and \\boxed{3}}) are one list
   * answer ({@code 2, 3}); a box repeating the one after it is counted once.
   */
  static String last(String text) {
    if (text.indexOf('\\') < 0) {
      return null;
    }
    List<int[]> boxes = spans(text);
    if (boxes.isEmpty()) {
      return null;
    }
    int last = boxes.size() - 1;
    int[] box = boxes.get(last);
    String found = text.substring(box[1], box[2]);
    List<String> joined = new ArrayList<>(List.of(trimBlank(found)));
    for (int k = last - 1; k >= 0 && joined.size() < MAX_JOINED_BOXES; k--) {
      int[] previous = boxes.get(k);
      int[] following = boxes.get(k + 1);
      if (previous[3] > following[0]
          || following[0] - previous[3] > 40
          || !BOX_JOINER.matcher(text.substring(previous[3], following[0])).matches()) {
        break;
      }
      String content = trimBlank(text.substring(previous[1], previous[2]));
      if (content.isEmpty()) {
        break;
      }
      if (!content.equals(joined.get(0))) {
        joined.add(0, content);
      }
    }
    return joined.size() == 1 ? found : String.join(", ", joined);
  }

  /**
   * The boxes of the response's answer part, in order, when it has exactly {@code count}: the parts
   * of a multi-part answer each boxed on its own. Null otherwise: with more boxes than parts, some
   * box was an attempt the model went back on.
   */
  static List<String> exactly(String response, int count) {
    String region = ResponseRegion.of(response);
    List<String> contents = new ArrayList<>();
    for (int[] box : spans(region)) {
      contents.add(trimBlank(region.substring(box[1], box[2])));
    }
    return contents.size() == count ? contents : null;
  }

  /**
   * The text between consecutive complete boxes of {@code text}, in order (one fewer than boxes).
   */
  static List<String> gaps(String text) {
    List<int[]> boxes = spans(text);
    List<String> gaps = new ArrayList<>();
    for (int k = 1; k < boxes.size(); k++) {
      int from = boxes.get(k - 1)[3];
      int to = boxes.get(k)[0];
      gaps.add(from <= to ? text.substring(from, to) : "");
    }
    return gaps;
  }

  /** The contents of every complete box of {@code text}, in order. */
  static List<String> all(String text) {
    List<String> contents = new ArrayList<>();
    for (int[] box : spans(text)) {
      contents.add(trimBlank(text.substring(box[1], box[2])));
    }
    return contents;
  }

  /**
   * Every complete box of {@code text}, in order: {start, content start, content end, end}, for
   * {@code \boxed{...}} (brace-matched) and {@code \boxed 5}.
   */
  private static List<int[]> spans(String text) {
    Matcher m = BOX.matcher(text);
    List<int[]> boxes = new ArrayList<>();
    while (m.find()) {
      int i = m.end();
      while (i < text.length() && text.charAt(i) == ' ') {
        i++;
      }
      if (i < text.length() && text.charAt(i) == '{') {
        int close = Braces.matching(text, i);
        if (close > 0) {
          boxes.add(new int[] {m.start(), i + 1, close, close + 1});
        }
      } else if (i > m.end()) {
        int end = i;
        while (end < text.length()
            && !Character.isWhitespace(text.charAt(end))
            && text.charAt(end) != '$') {
          end++;
        }
        if (end > i) {
          boxes.add(new int[] {m.start(), i, end, end});
        }
      }
    }
    return boxes;
  }
}
