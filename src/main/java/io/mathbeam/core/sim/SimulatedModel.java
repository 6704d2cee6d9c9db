package io.mathbeam.core.sim;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The simulated reasoning model: turns (problem, seed) into a response text. Pure: the same
 * arguments always give the same choice, and a smaller token cap gives a prefix of the same text.
 */
final class SimulatedModel {
  static final String THINK_END = "</think>";

  /** One generated choice. {@code thinkEnd} is the index of {@code </think>} or -1. */
  record Choice(
      String text,
      int thinkEnd,
      int completionTokens,
      String finishReason,
      String stopReason,
      SampleOutcome outcome) {}

  private final int medianOutputTokens;
  private final double sigma;
  private final double skill;

  SimulatedModel(int medianOutputTokens, double sigma, double skill) {
    this.medianOutputTokens = medianOutputTokens;
    this.sigma = sigma;
    this.skill = skill;
  }

  /** The solve probability of a known problem at this model's skill (see SimConfig#skill). */
  double solveProbability(AnswerKey.Entry known) {
    return Math.min(1.0, AnswerKey.solveProbability(known.problem()) * skill);
  }

  /**
   * Generates one choice.
   *
   * @param known the answer-key entry the prompt matched, if any
   * @param contextSeed hash of the prompt and the effective sampling parameters
   * @param seed the choice's seed (request seed + choice index)
   * @param cap the most tokens this choice may generate
   */
  Choice generate(
      Optional<AnswerKey.Entry> known, long contextSeed, long seed, int cap, List<String> stops) {
    SplittableRandom rng = new SplittableRandom(StableHash.combine(contextSeed, seed));
    double p = known.map(this::solveProbability).orElse(0.3);
    OutcomeOdds odds =
        known.isPresent() ? OutcomeOdds.forSolveProbability(p) : OutcomeOdds.unknownProblem();
    double u = rng.nextDouble();
    SampleOutcome planned;
    if (u < odds.correct()) {
      planned = SampleOutcome.CORRECT;
    } else if (u < odds.correct() + odds.wrong()) {
      planned = SampleOutcome.WRONG;
    } else if (u < odds.correct() + odds.wrong() + odds.missing()) {
      planned = SampleOutcome.MISSING;
    } else {
      planned = SampleOutcome.TRUNCATED;
    }
    double median = medianOutputTokens * (0.6 + 0.8 * (1 - p));
    long natural = Math.max(20, Math.round(median * Math.exp(sigma * rng.nextGaussian())));
    String answer = pickAnswer(planned, known, contextSeed, rng);
    String closing = closingParagraph(planned, answer, rng);

    ReasoningTextWriter writer = new ReasoningTextWriter(rng.split());
    boolean rambles = planned == SampleOutcome.TRUNCATED;
    long target = rambles ? (long) cap + 1 : Math.min(natural, (long) cap + 1);
    StringBuilder text = new StringBuilder();
    long tokens = 0;
    while (tokens < target) {
      String sentence = writer.nextSentence();
      text.append(sentence);
      tokens += SimTokenizer.count(sentence);
    }
    if (!rambles && natural <= cap) {
      text.append(THINK_END).append("\n\n").append(closing);
    }
    String full = text.toString();
    int[] ends = SimTokenizer.tokenEnds(full);
    String out = full;
    String finish = "stop";
    int completion;
    SampleOutcome outcome = planned;
    if (ends.length >= cap) {
      out = full.substring(0, ends[cap - 1]);
      finish = "length";
      completion = cap;
      outcome = SampleOutcome.TRUNCATED;
    } else {
      completion = ends.length + 1;
    }
    String stopReason = null;
    int stopAt = -1;
    String matched = null;
    for (String stop : stops) {
      int at = out.indexOf(stop);
      if (at >= 0 && (stopAt < 0 || at < stopAt)) {
        stopAt = at;
        matched = stop;
      }
    }
    if (matched != null) {
      completion = Math.min(cap, SimTokenizer.count(out.substring(0, stopAt + matched.length())));
      out = out.substring(0, stopAt);
      finish = "stop";
      stopReason = matched;
      outcome = SampleOutcome.STOPPED;
    }
    return new Choice(out, out.indexOf(THINK_END), completion, finish, stopReason, outcome);
  }

  private static String pickAnswer(
      SampleOutcome planned,
      Optional<AnswerKey.Entry> known,
      long contextSeed,
      SplittableRandom rng) {
    if (planned == SampleOutcome.CORRECT) {
      List<String> spellings = AnswerVariants.equivalents(known.orElseThrow().gold());
      if (spellings.size() == 1 || rng.nextDouble() < 0.7) {
        return spellings.get(0);
      }
      return spellings.get(1 + rng.nextInt(spellings.size() - 1));
    }
    List<String> wrong;
    if (known.isPresent()) {
      String gold = known.get().gold();
      wrong = AnswerVariants.wrongAnswers(gold, StableHash.of(gold, 7));
    } else {
      long base = 2 + Math.floorMod(contextSeed >>> 8, 997);
      wrong = List.of(Long.toString(base), Long.toString(base + 1), Long.toString(2 * base));
    }
    if (wrong.isEmpty()) {
      return "0";
    }
    double w = rng.nextDouble();
    int index = w < 0.55 ? 0 : w < 0.85 ? 1 : 2;
    return wrong.get(Math.min(index, wrong.size() - 1));
  }

  private static String closingParagraph(
      SampleOutcome planned, String answer, SplittableRandom rng) {
    if (planned == SampleOutcome.MISSING) {
      return rng.nextBoolean()
          ? "I could not finish the computation cleanly, so I will stop here."
          : "This needs more case work than I can complete right now.";
    }
    switch (rng.nextInt(3)) {
      case 0:
        return "Putting the pieces together gives the result.\n\nThe final answer is $\\boxed{"
            + answer
            + "}$.";
      case 1:
        return "**Final Answer**\n\\[\n\\boxed{" + answer + "}\n\\]";
      default:
        return "So the answer is \\boxed{" + answer + "}.";
    }
  }
}
