package io.mathbeam.core.grading;

import io.mathbeam.core.model.GradeStatus;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One extracted answer, normalized and parsed once, compared against gold answers one at a time.
 * Not thread-safe; one instance per grade call.
 */
final class AnswerComparison {
  /** Work units per character parsed: normalized, tokenized and parsed, about 0.5 µs each. */
  static final long PARSE_UNITS_PER_CHARACTER = 8;

  private final String answer;
  private final String normalized;
  private final boolean percent;

  /** The unit the answer states ({@link Units}), or null. */
  private final String unit;

  /** Whether the answer is a word wrapped whole in a text command ({@link TextAnswer}). */
  private final boolean wrappedWord;

  private List<Expr> readings;
  private boolean unparseable;
  private boolean tooLarge;

  AnswerComparison(String answer) {
    this.answer = answer;
    this.normalized = AnswerNormalizer.normalize(answer);
    this.percent = AnswerNormalizer.hasPercent(answer);
    this.unit = hasUnitSign(answer) ? Units.of(answer) : null;
    this.wrappedWord = TextAnswer.of(answer) != null;
  }

  /**
   * CORRECT, INCORRECT, NO_ANSWER (the answer normalizes to nothing), UNPARSEABLE, GRADER_TIMEOUT
   * or GRADER_ERROR for one gold answer.
   */
  GradeStatus against(String gold, WorkBudget budget) {
    try {
      return compare(gold, budget);
    } catch (GradingLimitException e) {
      return GradeStatus.GRADER_TIMEOUT;
    } catch (RuntimeException | StackOverflowError e) {
      return GradeStatus.GRADER_ERROR;
    }
  }

  private GradeStatus compare(String gold, WorkBudget budget) {
    String a = normalized;
    if (a.isEmpty()) {
      return GradeStatus.NO_ANSWER;
    }
    String g = AnswerNormalizer.normalize(gold);
    if (g.isEmpty()) {
      return GradeStatus.GRADER_ERROR;
    }
    if (unit != null && unitsDisagree(gold)) {
      return GradeStatus.INCORRECT;
    }
    if (wrappedWord || TextAnswer.of(gold) != null) {
      // \text{no} is a word: against on, it is compared as text, never as the product n o.
      return decided(Equivalence.textEquals(a, g));
    }
    if (a.equals(g)) {
      return GradeStatus.CORRECT;
    }
    Boolean sameTime = ClockTime.equal(answer, gold);
    if (sameTime != null) {
      return decided(sameTime);
    }
    if (g.length() == 1 && Character.isUpperCase(g.charAt(0))) {
      // A choice letter, or a point or set named by one letter: E and e are the same answer.
      return decided(g.equals(ChoiceLetters.fromAnswer(answer)) || g.equalsIgnoreCase(a));
    }
    Boolean based = BaseNumber.equal(a, g);
    if (based != null) {
      return decided(based);
    }
    boolean goldPercent = AnswerNormalizer.hasPercent(gold);
    if (!percent && !goldPercent) {
      GradeStatus quick = plainNumbers(a, g);
      if (quick != null) {
        return quick;
      }
    }
    List<Expr> answerReadings = answerReadings(budget);
    if (tooLarge) {
      return Equivalence.textEquals(a, g) ? GradeStatus.CORRECT : GradeStatus.GRADER_TIMEOUT;
    }
    List<Expr> goldReadings;
    budget.charge(1 + PARSE_UNITS_PER_CHARACTER * g.length());
    try {
      goldReadings = readings(gold, g);
    } catch (AnswerParseException e) {
      return Equivalence.textEquals(a, g) ? GradeStatus.CORRECT : GradeStatus.UNPARSEABLE;
    }
    if (unparseable) {
      return Equivalence.textEquals(a, g) ? GradeStatus.CORRECT : GradeStatus.UNPARSEABLE;
    }
    Equivalence equivalence = new Equivalence(budget);
    GradingLimitException limit = null;
    // Percent on one side only: that side also reads as its fraction (28\% = 28 = 0.28). Percent
    // on both sides: the numbers are compared as written (12\% is not 0.12\%).
    boolean onlyAnswerPercent = percent && !goldPercent;
    boolean onlyGoldPercent = goldPercent && !percent;
    // A gold written as a fraction is a ratio, never a percentage number: 17/50 is 34\%, and
    // 0.34\% only through its fraction reading.
    boolean goldRatio = g.contains("\\frac") || g.indexOf('/') > 0;
    List<Expr> answerSide = withPercent(answerReadings, onlyAnswerPercent);
    if (onlyAnswerPercent && goldRatio) {
      answerSide = fractionReadingsOnly(answerSide, answerReadings);
    }
    for (Expr x : answerSide) {
      for (Expr y : withPercent(goldReadings, onlyGoldPercent)) {
        try {
          if (equivalence.equivalent(x, y)) {
            return GradeStatus.CORRECT;
          }
        } catch (GradingLimitException e) {
          limit = e;
          budget.check();
        }
      }
    }
    if (limit != null) {
      throw limit;
    }
    return GradeStatus.INCORRECT;
  }

  /** A cheap test before the unit patterns: a letter or a degree mark. */
  private static boolean hasUnitSign(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '\u00b0') {
        return true;
      }
    }
    return false;
  }

  /**
   * The answer states a unit and the gold another one ({@code 5 cm} and {@code 5 m}, {@code
   * 60^\circ} and {@code 60 rad}: the same number of another unit), or the answer is in degrees by
   * a word against a gold in radians ({@code \frac{\pi}{3} \text{ degrees}} against {@code
   * \frac{\pi}{3}}: a word cannot be read as radians, and without it the numbers would match).
   */
  private boolean unitsDisagree(String gold) {
    String goldUnit = hasUnitSign(gold) ? Units.of(gold) : null;
    if (goldUnit != null) {
      return !goldUnit.equals(unit);
    }
    return unit.equals("deg")
        && answer.contains("degree")
        && answer.contains("\\pi")
        && gold.contains("\\pi");
  }

  private static GradeStatus decided(boolean equal) {
    return equal ? GradeStatus.CORRECT : GradeStatus.INCORRECT;
  }

  private List<Expr> answerReadings(WorkBudget budget) {
    if (readings == null && !unparseable && !tooLarge) {
      // Outside the try: a spent budget is not an answer too large to parse.
      budget.charge(1 + PARSE_UNITS_PER_CHARACTER * normalized.length());
      try {
        readings = readings(answer, normalized);
      } catch (AnswerParseException e) {
        unparseable = true;
      } catch (GradingLimitException e) {
        tooLarge = true;
      }
    }
    return readings;
  }

  /** Plain numbers separated by spaces only. */
  private static final Pattern SPACED_NUMBERS =
      Pattern.compile("-?\\d+(?:\\.\\d+)?(?:[ \\u00a0\\u2009\\u202f]+-?\\d+(?:\\.\\d+)?)+");

  /** {@code 1 000}, {@code 12 345 678.5}: groups of three after the first (thin spaces too). */
  private static final Pattern SPACED_THOUSANDS =
      Pattern.compile("-?\\d{1,3}(?:[ \\u00a0\\u2009\\u202f]\\d{3})+(?:\\.\\d+)?");

  /**
   * The parsed answer; {@code 1,234} (digits grouped by three, no spaces) is read both as the
   * number and as the list {@code 1, 234}.
   */
  private static List<Expr> readings(String raw, String normalized) throws AnswerParseException {
    String spaced = raw.strip();
    if (SPACED_NUMBERS.matcher(spaced).matches() && !SPACED_THOUSANDS.matcher(spaced).matches()) {
      // "2 3", "1 2 3", "12 5": numbers apart that no thousands grouping explains are a list, not
      // the product a space between factors would make
      List<Expr> items = new ArrayList<>();
      for (String part : spaced.split("\\s+")) {
        items.add(new Expr.Num(Rational.of(new BigDecimal(part)), false));
      }
      return List.of(new Expr.Seq("", "", List.copyOf(items)));
    }
    Expr main = AnswerParser.parse(normalized);
    if (AnswerNormalizer.isDecimalComma(normalized) && !raw.contains(", ")) {
      // 3,75 is 3.75 with a decimal comma, or the two values 3 and 75: both readings are tried,
      // on either side. A gold its dataset declares to be several answers reaches the grader
      // spaced, "3, 75" (ListGolds), and is then the list alone.
      BigDecimal value = new BigDecimal(normalized.replace(',', '.'));
      return List.of(main, new Expr.Num(Rational.of(value), true));
    }
    if (AnswerNormalizer.hasDegreeMark(raw)) {
      // 45^\circ is also the angle pi/4.
      String radians = AnswerNormalizer.normalizeInRadians(raw);
      if (!radians.equals(normalized)) {
        try {
          return List.of(main, AnswerParser.parse(radians));
        } catch (AnswerParseException e) {
          return List.of(main);
        }
      }
    }
    String grouped = raw.strip();
    if (AnswerNormalizer.isGroupedThousands(grouped) && !grouped.contains(".")) {
      List<Expr> items = new ArrayList<>();
      for (String part : grouped.split(",")) {
        items.add(new Expr.Num(Rational.of(new BigDecimal(part)), false));
      }
      return List.of(main, new Expr.Seq("", "", List.copyOf(items)));
    }
    return List.of(main);
  }

  /**
   * Both sides plain integers or decimals: equal values are CORRECT, unequal integers INCORRECT;
   * null (undecided here) otherwise.
   */
  private static GradeStatus plainNumbers(String a, String g) {
    if (!PlainNumber.is(a) || !PlainNumber.is(g)) {
      return null;
    }
    if (a.length() > 60 || g.length() > 60) {
      return null;
    }
    BigDecimal x = new BigDecimal(a);
    BigDecimal y = new BigDecimal(g);
    if (x.compareTo(y) == 0) {
      return GradeStatus.CORRECT;
    }
    if (a.indexOf('.') < 0 && g.indexOf('.') < 0) {
      return GradeStatus.INCORRECT;
    }
    return null;
  }

  /** The readings of {@code all} that are not one of the plain {@code readings}. */
  private static List<Expr> fractionReadingsOnly(List<Expr> all, List<Expr> readings) {
    List<Expr> out = new ArrayList<>();
    for (Expr e : all) {
      if (!readings.contains(e)) {
        out.add(e);
      }
    }
    return out.isEmpty() ? all : out;
  }

  private static List<Expr> withPercent(List<Expr> readings, boolean percent) {
    if (!percent) {
      return readings;
    }
    List<Expr> out = new ArrayList<>();
    for (Expr e : readings) {
      out.add(e);
      if (e instanceof Expr.Num n) {
        // 33.3\% is the decimal 0.333, loose like any decimal.
        out.add(new Expr.Num(n.value().divide(Rational.of(100)), n.approximate()));
      } else if (!(e instanceof Expr.Seq
          || e instanceof Expr.Text
          || e instanceof Expr.Relation
          || e instanceof Expr.Matrix
          || e instanceof Expr.Union)) {
        out.add(new Expr.Quotient(e, new Expr.Num(Rational.of(100), false)));
      }
    }
    return out;
  }
}
