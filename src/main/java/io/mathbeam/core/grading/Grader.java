package io.mathbeam.core.grading;

import io.mathbeam.core.model.GradeStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Grades a model's final answer against one or more gold answers.
 *
 * <p>Pipeline: {@link AnswerExtractor} (for whole responses) then {@link AnswerNormalizer}; equal
 * normalized strings are correct at once; otherwise both sides are parsed into expression trees and
 * compared by {@link Equivalence}. The answer is correct when it matches any gold answer.
 *
 * <p>Policies:
 *
 * <ul>
 *   <li>Percent: a side written with a percent sign ({@code 10\%}) matches both its number ({@code
 *       10}) and its fraction ({@code 0.1}); a side without one is taken as written ({@code 10}
 *       does not match {@code 0.1}).
 *   <li>Gold answers containing {@code \boxed{}} are graded against their last box.
 *   <li>Multiple choice: when a gold answer is a letter ({@code C}, {@code (C)}, {@code (C)
 *       Cecile}), the answer must name the same letter; a response without a boxed answer is
 *       searched for a chosen letter ({@link AnswerExtractor#extractChoice}).
 *   <li>Time and size: each comparison with a gold answer has a time budget (default {@value
 *       #DEFAULT_BUDGET_MILLIS} ms) and {@link ExactEvaluator} size limits. A comparison that runs
 *       out of time, hits a limit with no other way to decide ({@code 10^{10^{10}}} vs {@code 5}),
 *       or throws, makes the grade {@link GradeStatus#GRADER_ERROR} unless another gold answer
 *       matched; it is never reported as INCORRECT.
 *   <li>An answer or gold that does not parse is compared as text only (INCORRECT unless equal).
 *   <li>An empty list of gold answers is a GRADER_ERROR.
 * </ul>
 *
 * Immutable and thread-safe.
 */
public final class Grader {
  public static final long DEFAULT_BUDGET_MILLIS = 200;

  private final long budgetNanos;

  public Grader() {
    this(Duration.ofMillis(DEFAULT_BUDGET_MILLIS));
  }

  /** A grader whose every comparison with a gold answer gives up after {@code budget}. */
  public Grader(Duration budget) {
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive, got " + budget);
    }
    this.budgetNanos = budget.toNanos();
    // Loads the parser and evaluator classes now, so the first real comparison is not charged
    // for class loading and regex compilation.
    matches("\\frac{1}{2}+x", "0.5+x", Deadline.after(Duration.ofSeconds(10).toNanos()));
  }

  /** Extracts the final answer from a whole model response and grades it. */
  public GradeResult grade(String response, List<String> goldAnswers) {
    long start = System.nanoTime();
    String extracted = null;
    try {
      List<String> golds = prepareGolds(goldAnswers);
      extracted = AnswerExtractor.extract(response);
      if (isChoice(golds) && response != null) {
        String letter = ChoiceLetters.fromAnswer(extracted);
        if (letter == null && !AnswerExtractor.hasBoxed(response)) {
          letter = AnswerExtractor.extractChoice(response);
        }
        if (letter != null) {
          extracted = letter;
        }
      }
      return gradePrepared(extracted, golds, start);
    } catch (RuntimeException | StackOverflowError e) {
      return new GradeResult(extracted, GradeStatus.GRADER_ERROR, micros(start));
    }
  }

  /** Grades an answer that was already extracted (no extraction step). */
  public GradeResult gradeAnswer(String extractedAnswer, List<String> golds) {
    long start = System.nanoTime();
    try {
      List<String> prepared = prepareGolds(golds);
      String answer = extractedAnswer;
      if (answer != null && isChoice(prepared)) {
        String letter = ChoiceLetters.fromAnswer(answer);
        answer = letter != null ? letter : answer;
      }
      return gradePrepared(answer, prepared, start);
    } catch (RuntimeException | StackOverflowError e) {
      return new GradeResult(extractedAnswer, GradeStatus.GRADER_ERROR, micros(start));
    }
  }

  private GradeResult gradePrepared(String answer, List<String> golds, long start) {
    if (answer == null || AnswerNormalizer.normalize(answer).isEmpty()) {
      return new GradeResult(answer, GradeStatus.NO_ANSWER, micros(start));
    }
    boolean undecided = false;
    for (String gold : golds) {
      try {
        if (matches(answer, gold, Deadline.after(budgetNanos))) {
          return new GradeResult(answer, GradeStatus.CORRECT, micros(start));
        }
      } catch (GradingLimitException | StackOverflowError e) {
        undecided = true;
      }
    }
    return new GradeResult(
        answer, undecided ? GradeStatus.GRADER_ERROR : GradeStatus.INCORRECT, micros(start));
  }

  private static List<String> prepareGolds(List<String> golds) {
    if (golds == null || golds.isEmpty()) {
      throw new IllegalArgumentException("no gold answers");
    }
    List<String> prepared = new ArrayList<>();
    for (String gold : golds) {
      if (gold == null) {
        continue;
      }
      String g = gold;
      if (g.contains("\\boxed") || g.contains("\\fbox")) {
        String boxed = AnswerExtractor.lastBoxed(g);
        g = boxed == null ? g : boxed;
      }
      String letter = ChoiceLetters.fromGold(g);
      prepared.add(letter != null ? letter : g);
    }
    return prepared;
  }

  private static boolean isChoice(List<String> golds) {
    return golds.stream()
        .anyMatch(g -> g.length() == 1 && g.charAt(0) >= 'A' && g.charAt(0) <= 'Z');
  }

  private static boolean matches(String answer, String gold, Deadline deadline) {
    String a = AnswerNormalizer.normalize(answer);
    String g = AnswerNormalizer.normalize(gold);
    if (a.isEmpty() || g.isEmpty()) {
      return false;
    }
    if (a.equals(g)) {
      return true;
    }
    if (g.length() == 1 && Character.isUpperCase(g.charAt(0))) {
      return g.equals(ChoiceLetters.fromAnswer(answer));
    }
    Expr goldExpr;
    try {
      goldExpr = AnswerParser.parse(g);
    } catch (AnswerParseException e) {
      goldExpr = new Expr.Text(g);
    }
    Expr answerExpr;
    try {
      answerExpr = AnswerParser.parse(a);
    } catch (AnswerParseException e) {
      return Equivalence.textEquals(a, g);
    }
    Equivalence equivalence = new Equivalence(deadline);
    for (Expr x : percentVariants(answerExpr, AnswerNormalizer.hasPercent(answer))) {
      for (Expr y : percentVariants(goldExpr, AnswerNormalizer.hasPercent(gold))) {
        if (equivalence.equivalent(x, y)) {
          return true;
        }
      }
    }
    return false;
  }

  private static List<Expr> percentVariants(Expr e, boolean percent) {
    if (!percent || e instanceof Expr.Seq || e instanceof Expr.Text || e instanceof Expr.Relation) {
      return List.of(e);
    }
    return List.of(e, new Expr.Quotient(e, new Expr.Num(Rational.of(100), false)));
  }

  private static long micros(long startNanos) {
    return (System.nanoTime() - startNanos) / 1000;
  }
}
