package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The simulated reasoning model: turns (problem, seed) into a response text. Pure: the same
 * arguments always give the same choice, and a smaller token cap gives a prefix of the same text.
 */
final class SimulatedModel {
  static final String THINK_END = "</think>";

  /**
   * One generated choice. {@code thinkEnd} is the index of {@code </think>} or -1. {@code verdict}
   * is set only for a judge's reply (see {@link SimulatedJudge}): its whole text is the message
   * content, and {@code outcome} is null.
   */
  record Choice(
      String text,
      int thinkEnd,
      int completionTokens,
      String finishReason,
      String stopReason,
      SampleOutcome outcome,
      String verdict) {

    Choice(
        String text,
        int thinkEnd,
        int completionTokens,
        String finishReason,
        String stopReason,
        SampleOutcome outcome) {
      this(text, thinkEnd, completionTokens, finishReason, stopReason, outcome, null);
    }

    /** True for a judge's reply, which has no reasoning part. */
    boolean judgeReply() {
      return verdict != null;
    }
  }

  /** A finished text cut to {@code cap} tokens and at the first stop string. */
  record Ending(String text, int completionTokens, String finishReason, String stopReason) {}

  private final int medianOutputTokens;
  private final double sigma;
  private final double skill;
  private final OutputLengths lengths;

  SimulatedModel(int medianOutputTokens, double sigma, double skill) {
    this(medianOutputTokens, sigma, skill, OutputLengths.LOG_NORMAL);
  }

  SimulatedModel(int medianOutputTokens, double sigma, double skill, OutputLengths lengths) {
    this.medianOutputTokens = medianOutputTokens;
    this.sigma = sigma;
    this.skill = skill;
    this.lengths = lengths;
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
    return generate(known, PromptOptions.NONE, contextSeed, seed, cap, stops);
  }

  /**
   * Generates one choice of a prompt that may list options. When the known problem's gold is the
   * text of one of {@code options}, the final answer names that option's letter (or, wrongly,
   * another one); otherwise the options play no part.
   */
  Choice generate(
      Optional<AnswerKey.Entry> known,
      PromptOptions options,
      long contextSeed,
      long seed,
      int cap,
      List<String> stops) {
    if (known.isPresent() && known.get().code()) {
      return generateCode(known.get(), contextSeed, seed, cap, stops);
    }
    int correctOption = known.map(k -> options.indexOf(k.gold())).orElse(-1);
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
    long natural = lengths.natural(median, sigma, rng);
    String closing;
    if (correctOption >= 0) {
      int picked = pickOption(planned, known.get(), options, correctOption, rng);
      closing = optionParagraph(planned, options, picked, rng);
    } else {
      String answer = pickAnswer(planned, known, contextSeed, rng);
      closing = closingParagraph(planned, answer, rng);
    }

    boolean rambles = planned == SampleOutcome.TRUNCATED;
    long target = rambles ? (long) cap + 1 : Math.min(natural, (long) cap + 1);
    StringBuilder text = reasoning(rng.split(), target);
    if (!rambles && natural <= cap) {
      text.append(THINK_END).append("\n\n").append(closing);
    }
    return finish(text.toString(), cap, stops, planned);
  }

  /**
   * A sample of a code problem: reasoning of the usual length, then {@code </think>} and an answer
   * with one {@code ```python} block or none ({@link CodeAnswerWriter}).
   */
  private Choice generateCode(
      AnswerKey.Entry known, long contextSeed, long seed, int cap, List<String> stops) {
    SplittableRandom rng = new SplittableRandom(StableHash.combine(contextSeed, seed));
    double p = solveProbability(known);
    SampleOutcome planned = CodeAnswerWriter.draw(p, rng.nextDouble());
    double median = medianOutputTokens * (0.6 + 0.8 * (1 - p));
    long natural = lengths.natural(median, sigma, rng);
    String answer = CodeAnswerWriter.answer(planned, known, rng);
    StringBuilder text = reasoning(rng.split(), Math.min(natural, (long) cap + 1));
    if (natural <= cap) {
      text.append(THINK_END).append("\n\n").append(answer);
    }
    return finish(text.toString(), cap, stops, planned);
  }

  /** Reasoning sentences until they hold at least {@code tokens} tokens. */
  private static StringBuilder reasoning(SplittableRandom rng, long tokens) {
    ReasoningTextWriter writer = new ReasoningTextWriter(rng);
    StringBuilder text = new StringBuilder();
    long written = 0;
    while (written < tokens) {
      String sentence = writer.nextSentence();
      text.append(sentence);
      written += SimTokenizer.count(sentence);
    }
    return text;
  }

  /**
   * Ends a full text ({@link #end}) and records how the sample ended: {@code planned} unless a stop
   * string or the token cap cut it.
   */
  static Choice finish(String full, int cap, List<String> stops, SampleOutcome planned) {
    Ending end = end(full, cap, stops);
    SampleOutcome outcome = planned;
    if (end.stopReason() != null) {
      outcome = SampleOutcome.STOPPED;
    } else if (end.finishReason().equals("length")) {
      outcome = SampleOutcome.TRUNCATED;
    }
    return new Choice(
        end.text(),
        end.text().indexOf(THINK_END),
        end.completionTokens(),
        end.finishReason(),
        end.stopReason(),
        outcome);
  }

  /**
   * Ends a generated text as the engine would: {@code finish_reason: length} after {@code cap}
   * tokens, else {@code stop} with one more token (EOS); then the first stop string, if any, ends
   * it (removed from the text, its tokens counted).
   */
  static Ending end(String full, int cap, List<String> stops) {
    int[] ends = SimTokenizer.tokenEnds(full);
    String out = full;
    String finish = "stop";
    int completion;
    if (ends.length >= cap) {
      out = full.substring(0, ends[cap - 1]);
      finish = "length";
      completion = cap;
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
    }
    return new Ending(out, completion, finish, stopReason);
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

  /**
   * The option a sample answers: the correct one when it solves the problem; else a wrong one,
   * favouring the distractors that a stable hash of the problem and the option's text ranks first,
   * so that wrong samples agree whatever order the options were shown in.
   */
  private static int pickOption(
      SampleOutcome planned,
      AnswerKey.Entry known,
      PromptOptions options,
      int correct,
      SplittableRandom rng) {
    if (planned == SampleOutcome.CORRECT) {
      return correct;
    }
    long salt = StableHash.of(AnswerKey.normalize(known.problem()), 0xd157L);
    List<Integer> wrong = new ArrayList<>();
    for (int i = 0; i < options.texts().size(); i++) {
      if (i != correct) {
        wrong.add(i);
      }
    }
    wrong.sort(
        Comparator.comparingLong(
                (Integer i) -> StableHash.of(AnswerKey.normalize(options.texts().get(i)), salt))
            .thenComparing(i -> i));
    double w = rng.nextDouble();
    int rank = w < 0.6 ? 0 : w < 0.85 ? 1 : 2 + rng.nextInt(Math.max(1, wrong.size() - 2));
    return wrong.get(Math.min(rank, wrong.size() - 1));
  }

  /** The closing paragraph of a multiple-choice sample, in one of several answer forms. */
  private static String optionParagraph(
      SampleOutcome planned, PromptOptions options, int picked, SplittableRandom rng) {
    if (planned == SampleOutcome.MISSING) {
      return "I cannot tell which of the options fits, so I will stop here.";
    }
    String letter = String.valueOf(PromptOptions.letter(picked));
    String lead = "Checking each option against this result, only one fits.\n\n";
    double form = rng.nextDouble();
    if (form < 0.3) {
      return lead + "The final answer is $\\boxed{" + letter + "}$.";
    } else if (form < 0.5) {
      return lead + "Answer: " + letter;
    } else if (form < 0.7) {
      return lead + "The answer is (" + letter + ").";
    } else if (form < 0.85) {
      return lead + "**" + letter + "**";
    }
    return "So the answer is \\boxed{" + options.texts().get(picked).strip() + "}.";
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
