package io.mathbeam.core.judge;

import io.mathbeam.core.model.GradeStatus;
import java.util.Locale;

/** Which samples go to the judge model ({@code --judge}). */
public enum JudgeMode {
  OFF,
  /**
   * Only samples the symbolic grader did not accept: incorrect, unparseable or timed out. Symbolic
   * positives are trusted and never cost a judge call.
   */
  CASCADE,
  /** Every sample with an extracted final answer. */
  ALL;

  /** Whether a sample with this symbolic grade and extracted answer is sent to the judge. */
  public boolean sends(GradeStatus symbolic, String extractedAnswer) {
    if (extractedAnswer == null || extractedAnswer.isBlank()) {
      return false;
    }
    return switch (this) {
      case OFF -> false;
      case CASCADE ->
          symbolic == GradeStatus.INCORRECT
              || symbolic == GradeStatus.UNPARSEABLE
              || symbolic == GradeStatus.GRADER_TIMEOUT;
      case ALL -> symbolic != GradeStatus.REQUEST_ERROR && symbolic != GradeStatus.NO_ANSWER;
    };
  }

  public static JudgeMode parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(
          "--judge must be cascade, all or off, got '" + value + "'");
    }
  }

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
