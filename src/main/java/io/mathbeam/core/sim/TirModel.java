package io.mathbeam.core.sim;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simulated model in TIR (tool-integrated reasoning) mode, for known math problems with an
 * integer gold: it computes with {@code ```python} blocks and trusts the outputs the client runs
 * them to. Each response continues the sample's text so far ({@link TirTranscript}) by what the
 * sample's {@link TirPlan} says comes next:
 *
 * <ul>
 *   <li>nothing written yet: a few sentences, then the first block (one that raises for the plan's
 *       raising share);
 *   <li>after an output that is a traceback: a sentence, then the failed step again, correct;
 *   <li>after an integer output {@code v} with steps left: the next step's block, which starts
 *       {@code x = v};
 *   <li>after the last step's output: {@code </think>} and {@code \boxed{v}} (a stubborn sample
 *       instead writes another checking block, after every output);
 *   <li>after an output with no integer (empty, or text): no final answer.
 * </ul>
 *
 * Every block is followed by its closing fence {@code ```\n}; a client that sends that as a stop
 * string ends the response there and runs the block. Without the stop string the sample goes on as
 * if it never saw an output: a sentence, {@code </think>} and a boxed guess, which is the plan's
 * wrong guess while steps remain, else the last output it was shown.
 */
final class TirModel {
  private static final Pattern BOXED = Pattern.compile("\\\\boxed\\{([^}]*)\\}");
  private static final Pattern INTEGER_GOLD = Pattern.compile("-?\\d{1,12}");
  private static final String[] OPENERS = {
    "Let me set up the computation carefully.",
    "I will break the problem into a few steps.",
    "First I need to count the cases that satisfy the condition.",
    "The key quantity can be computed directly.",
    "Let me translate the conditions into arithmetic."
  };
  private static final String[] LEADS = {
    "Let me compute this with Python.",
    "I will let the code do the arithmetic.",
    "Writing a short script for this step."
  };

  private final SimulatedModel model;

  TirModel(SimulatedModel model) {
    this.model = model;
  }

  /**
   * Whether TIR applies: a math entry whose gold is an integer and not one of the options shown.
   */
  static boolean applies(AnswerKey.Entry known, PromptOptions options) {
    return !known.code()
        && INTEGER_GOLD.matcher(known.gold().strip()).matches()
        && options.indexOf(known.gold()) < 0;
  }

  /**
   * The response of one choice.
   *
   * @param soFar the sample's text so far (empty for a fresh sample)
   * @param context hash of the problem and the effective sampling parameters
   * @param seed the choice's seed
   */
  SimulatedModel.Choice generate(
      AnswerKey.Entry known, String soFar, long context, long seed, int cap, List<String> stops) {
    long gold = Long.parseLong(known.gold().strip());
    long planSeed = StableHash.combine(context, seed);
    TirPlan plan =
        TirPlan.draw(gold, model.solveProbability(known), new SplittableRandom(planSeed));
    TirTranscript transcript = TirTranscript.read(soFar);
    SplittableRandom words =
        new SplittableRandom(
            StableHash.combine(
                planSeed, transcript.codeBlocks() * 1009L + transcript.outputs().size()));
    String text = continuation(plan, transcript, words);
    Matcher boxed = BOXED.matcher(text);
    SampleOutcome planned = SampleOutcome.MISSING;
    if (boxed.find()) {
      planned =
          boxed.group(1).equals(Long.toString(gold)) ? SampleOutcome.CORRECT : SampleOutcome.WRONG;
    }
    return SimulatedModel.finish(text, cap, stops, planned);
  }

  private static String continuation(
      TirPlan plan, TirTranscript transcript, SplittableRandom words) {
    int done = transcript.stepsDone();
    switch (transcript.end()) {
      case NO_CODE:
        String first = plan.raisesFirst() ? plan.first().raisingCode() : plan.first().code();
        return opening(words) + block(pick(LEADS, words), first) + unseen(plan, transcript);
      case OPEN_BLOCK:
        return TirTranscript.FENCE + unseen(plan, transcript);
      case CLOSED_BLOCK:
        return unseen(plan, transcript);
      default:
        break;
    }
    String last = transcript.lastOutput().orElseThrow();
    Optional<Long> value = transcript.lastValue();
    if (TirTranscript.isError(last)) {
      if (done > 0 && value.isEmpty()) {
        return giveUp();
      }
      String lead = "The code raised an error; let me fix it and run it again.";
      return block(lead, step(plan, done, value)) + unseen(plan, transcript);
    }
    if (value.isEmpty()) {
      return giveUp();
    }
    long v = value.get();
    if (done < plan.steps()) {
      String lead = "The output is " + v + ". Now I use it in the next part of the computation.";
      return block(lead, step(plan, done, value)) + unseen(plan, transcript);
    }
    if (plan.stubborn()) {
      String lead = "The output is " + v + ". Let me double-check it with one more run.";
      return block(lead, TirPlan.checkCode(v)) + unseen(plan, transcript);
    }
    return "So the computation gives " + v + ".\n" + answer(v);
  }

  /** The code of step {@code index} (0-based), from the previous step's output. */
  private static String step(TirPlan plan, int index, Optional<Long> previous) {
    if (index == 0) {
      return plan.first().code();
    }
    if (index >= plan.steps()) {
      return TirPlan.checkCode(previous.orElseThrow());
    }
    return plan.next().get(index - 1).code(previous.orElseThrow());
  }

  /** The text after a block's closing fence when no output follows it. */
  private static String unseen(TirPlan plan, TirTranscript transcript) {
    long guess = plan.guess();
    if (transcript.stepsDone() >= plan.steps() && transcript.lastValue().isPresent()) {
      guess = transcript.lastValue().get();
    }
    return "I cannot see the output of this code, so I will estimate the result instead.\n"
        + answer(guess);
  }

  private static String answer(long value) {
    return SimulatedModel.THINK_END + "\n\nThe final answer is $\\boxed{" + value + "}$.";
  }

  private static String giveUp() {
    return "The output is not a number I can use, so I cannot finish the computation.\n"
        + SimulatedModel.THINK_END
        + "\n\nI could not determine the answer.";
  }

  private static String block(String lead, String code) {
    return lead + "\n\n" + TirTranscript.CODE_OPEN + code + "\n" + TirTranscript.FENCE;
  }

  private static String opening(SplittableRandom words) {
    StringBuilder text = new StringBuilder();
    int sentences = 1 + words.nextInt(3);
    int start = words.nextInt(OPENERS.length);
    for (int i = 0; i < sentences; i++) {
      text.append(i == 0 ? "" : " ").append(OPENERS[(start + i) % OPENERS.length]);
    }
    return text.append("\n\n").toString();
  }

  private static String pick(String[] options, SplittableRandom rng) {
    return options[rng.nextInt(options.length)];
  }
}
