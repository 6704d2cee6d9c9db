package io.mathbeam.core.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the math spans of a response ({@code $...$}, {@code $$...$$}, {@code \(...\)}, {@code
 * \[...\]}) that read as an answer, with the spans joined to one by "and", "or" or commas ({@code
 * $x = 3$ or $x = -2$} is the list {@code x = 3, x = -2}).
 */
final class MathSpans {
  static final Pattern SPAN =
      Pattern.compile(
          "\\$\\$.*?\\$\\$|(?<!\\\\)\\$.*?(?<!\\\\)\\$|\\\\\\(.*?\\\\\\)", Pattern.DOTALL);

  private static final Pattern JOINER = Pattern.compile("\\s*(?:,\\s*(?:and|or)?|and|or)\\s*");
  private static final Pattern FRAGMENT_END = Pattern.compile("[=+\\-*/<>,]$");

  /** A math span that is one word ({@code $Monday$}, {@code $yes$}) is a text answer. */
  private static final Pattern SINGLE_WORD = Pattern.compile("[A-Za-z]{3,}");

  private final String region;
  private final boolean firstRunOnly;
  private final List<String> run = new ArrayList<>();
  private int runEnd = -1;
  private boolean closed;

  /** {@code firstRunOnly}: keep the first run of joined spans instead of the last. */
  private MathSpans(String region, boolean firstRunOnly) {
    this.region = region;
    this.firstRunOnly = firstRunOnly;
  }

  private void offer(String content, int start, int end) {
    if (closed) {
      return;
    }
    String kept = keep(null, content);
    boolean joined =
        kept != null
            && runEnd >= 0
            && run.size() < Boxes.MAX_JOINED_BOXES
            && start - runEnd <= 12
            && JOINER.matcher(region.substring(runEnd, start)).matches();
    if (firstRunOnly && !run.isEmpty() && !joined) {
      closed = true;
      return;
    }
    if (kept == null) {
      return;
    }
    if (!joined) {
      run.clear();
    }
    run.add(kept);
    runEnd = end;
  }

  private String answer() {
    return run.isEmpty() ? null : String.join(", ", run);
  }

  /** The last math span of {@code region} that reads as an answer, with those joined to it. */
  static String last(String region) {
    MathSpans found = new MathSpans(region, false);
    int i = 0;
    int n = region.length();
    while (i < n) {
      char c = region.charAt(i);
      if (c == '\\' && i + 1 < n && (region.charAt(i + 1) == '(' || region.charAt(i + 1) == '[')) {
        String close = region.charAt(i + 1) == '(' ? "\\)" : "\\]";
        int end = region.indexOf(close, i + 2);
        if (end < 0) {
          break;
        }
        found.offer(region.substring(i + 2, end), i, end + 2);
        i = end + 2;
      } else if (c == '\\') {
        i += 2;
      } else if (c == '$') {
        int width = i + 1 < n && region.charAt(i + 1) == '$' ? 2 : 1;
        int end = region.indexOf(width == 2 ? "$$" : "$", i + width);
        while (end > 0 && region.charAt(end - 1) == '\\') {
          end = region.indexOf(width == 2 ? "$$" : "$", end + 1);
        }
        if (end < 0) {
          break;
        }
        String content = region.substring(i + width, end);
        char after = end + width < n ? region.charAt(end + width) : ' ';
        if (width == 2 || !content.contains("\n") && !Character.isDigit(after) && after != '<') {
          found.offer(content, i, end + width);
        }
        i = end + width;
      } else {
        i++;
      }
    }
    return found.answer();
  }

  /** The content of the math span that {@code tail} starts with, or null. */
  static String leading(String tail) {
    String t = tail.stripLeading();
    for (String[] pair :
        new String[][] {{"$$", "$$"}, {"$", "$"}, {"\\(", "\\)"}, {"\\[", "\\]"}}) {
      if (t.startsWith(pair[0])) {
        int close = t.indexOf(pair[1], pair[0].length());
        while (close > 0 && pair[1].startsWith("$") && t.charAt(close - 1) == '\\') {
          close = t.indexOf(pair[1], close + 1);
        }
        if (close > 0) {
          return t.substring(pair[0].length(), close);
        }
      }
    }
    return null;
  }

  /** A math span replaces the previous one unless it reads as a sentence or a fragment. */
  private static String keep(String previous, String content) {
    String t = content.trim();
    if (t.isEmpty() || FRAGMENT_END.matcher(t).find()) {
      return previous;
    }
    if (SentenceAnswers.isWordy(t) && !SINGLE_WORD.matcher(t).matches()) {
      return previous;
    }
    return t;
  }

  /** The first {@code $...$} or {@code \\(...\\)} span of a sentence that reads as math. */
  static String first(String sentence) {
    if (sentence.indexOf('$') < 0 && !sentence.contains("\\(")) {
      return null;
    }
    // The first span, with the spans joined to it by "and", "or" or commas: "the roots are $x =
    // 7$, $x = 3$, and $x = 5$".
    MathSpans spans = new MathSpans(sentence, true);
    Matcher m = SPAN.matcher(sentence);
    while (m.find()) {
      String span = m.group();
      int delimiter = span.startsWith("$$") || span.startsWith("\\(") ? 2 : 1;
      spans.offer(span.substring(delimiter, span.length() - delimiter), m.start(), m.end());
    }
    return spans.answer();
  }
}
