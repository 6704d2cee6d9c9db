package io.mathbeam.core.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the judge said about one sample. */
public enum JudgeVerdict {
  CORRECT,
  INCORRECT,
  /** The reply named no verdict, or both: never counted as a wrong answer. */
  MALFORMED,
  /** The judge request failed (timeout, server error, context overflow): never a wrong answer. */
  ERROR;

  private static final Pattern THINK = Pattern.compile("(?s)<think>.*?(</think>|$)");
  private static final Pattern MARKUP = Pattern.compile("\\\\boxed\\{|\\\\text\\{|[*_`#{}]");
  private static final Pattern WORD =
      Pattern.compile("\\b(not\\s+correct|incorrect|correct)\\b", Pattern.CASE_INSENSITIVE);

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True for verdicts that decide the sample: correct or incorrect. */
  public boolean decided() {
    return this == CORRECT || this == INCORRECT;
  }

  /**
   * Reads a reply such as {@code CORRECT}, {@code **Incorrect.**}, {@code Verdict: correct} or
   * {@code \boxed{INCORRECT}}. A reply that names both verdicts is decided by its last line when
   * that line names exactly one ("... so the answer is wrong.\nINCORRECT"); otherwise, and when it
   * names none, it is {@link #MALFORMED}. Reasoning in {@code <think>} blocks is ignored.
   */
  public static JudgeVerdict parse(String reply) {
    if (reply == null) {
      return MALFORMED;
    }
    String text = MARKUP.matcher(THINK.matcher(reply).replaceAll(" ")).replaceAll(" ").trim();
    JudgeVerdict all = single(text);
    if (all != null) {
      return all;
    }
    String[] lines = text.split("\\R");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].isBlank()) {
        JudgeVerdict last = single(lines[i]);
        return last == null ? MALFORMED : last;
      }
    }
    return MALFORMED;
  }

  /** The verdict when every verdict word in {@code text} agrees, else null. */
  private static JudgeVerdict single(String text) {
    Matcher m = WORD.matcher(text);
    JudgeVerdict seen = null;
    while (m.find()) {
      JudgeVerdict v = m.group(1).equalsIgnoreCase("correct") ? CORRECT : INCORRECT;
      if (seen != null && seen != v) {
        return null;
      }
      seen = v;
    }
    return seen;
  }
}
