package io.mathbeam.pipelines.synthetic;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.SeedDerivation;
import io.mathbeam.transforms.OutputSchemas;
import java.util.SplittableRandom;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Draws the problems and samples of a {@link SyntheticRun} from its seed: each problem's answer and
 * solve rate, each sample's outcome, response text and row.
 */
final class SyntheticRunSamples {
  private static final double MEDIAN_RESPONSE_CHARS = 7_000;
  private static final double RESPONSE_LENGTH_SIGMA = 0.6;
  private static final int MIN_RESPONSE_CHARS = 400;
  private static final int MAX_RESPONSE_CHARS = 36_000;
  private static final double REQUEST_ERROR_RATE = 0.004;

  private SyntheticRunSamples() {}

  /** One problem: its answers, statement and how often samples solve it. */
  record Problem(
      String id,
      SyntheticRunAnswer answer,
      String statement,
      double solveRate,
      double truncationRate) {}

  /** One row and what it was written to be. */
  record Sample(GenericRecord record, SyntheticRun.Outcome outcome, int completionTokens) {}

  static Problem problem(long seed, SyntheticRun.DatasetPlan plan, String problemId) {
    SplittableRandom rng =
        new SplittableRandom(spread(SeedDerivation.problemBase(seed, plan.name(), problemId)));
    SyntheticRunAnswer.Form form = pick(plan.forms(), plan.weights(), rng);
    SyntheticRunAnswer answer = SyntheticRunAnswer.draw(form, rng);
    // Real benchmarks mix hopeless, middling and easy problems; the pass@k curves need all three.
    double bucket = rng.nextDouble();
    double solveRate =
        bucket < 0.25
            ? rng.nextDouble(0.0, 0.08)
            : bucket < 0.7 ? rng.nextDouble(0.1, 0.9) : rng.nextDouble(0.85, 1.0);
    double truncationRate = 0.01 + 0.07 * (1 - solveRate);
    String statement = SyntheticRunText.problem(rng, describe(form));
    return new Problem(problemId, answer, statement, solveRate, truncationRate);
  }

  static Sample sample(
      long seed, String dataset, Problem problem, int index, int samplesPerProblem) {
    long sampleSeed = SeedDerivation.seed(seed, dataset, problem.id(), index);
    SplittableRandom rng = new SplittableRandom(spread(sampleSeed));
    SampleRequest request =
        new SampleRequest(
            dataset,
            problem.id(),
            problem.statement(),
            problem.answer().golds(),
            index,
            samplesPerProblem,
            sampleSeed);
    String replica =
        "http://replica-" + Math.floorMod(problem.id().hashCode(), SyntheticRun.REPLICAS) + ":8000";
    int promptTokens = 40 + problem.statement().length() / 4;
    SyntheticRun.Outcome outcome = drawOutcome(rng, problem);
    if (outcome == SyntheticRun.Outcome.REQUEST_ERROR) {
      ErrorClass[] classes = {
        ErrorClass.TIMEOUT, ErrorClass.SERVER_ERROR, ErrorClass.CONNECTION, ErrorClass.RATE_LIMITED
      };
      ErrorClass errorClass = classes[rng.nextInt(classes.length)];
      Generation failed =
          Generation.builder(request)
              .latencyMs(60_000 + rng.nextInt(240_000))
              .replica(replica)
              .attempts(4)
              .error(errorClass, errorClass.name() + " from " + replica + " on all 4 attempts")
              .build();
      return new Sample(row(failed, null, outcome), outcome, 0);
    }

    StringBuilder text = new StringBuilder();
    String reasoning = null;
    String extracted = null;
    String finishReason = "stop";
    int tokens;
    switch (outcome) {
      case TRUNCATED -> {
        int chars =
            (int)
                (SyntheticRun.MAX_TOKENS
                    * SyntheticRun.CHARS_PER_TOKEN
                    * rng.nextDouble(0.93, 1.0));
        SyntheticRunText.appendReasoning(text, rng, chars, true);
        text.setLength(chars); // cut off mid-sentence, as a length stop does
        finishReason = "length";
      }
      case MISSING -> {
        if (rng.nextInt(3) == 0) {
          // the reasoning field holds everything and the answer part came back empty
          StringBuilder thought = new StringBuilder();
          SyntheticRunText.appendReasoning(thought, rng, responseLength(rng), true);
          reasoning = thought.toString();
        } else {
          SyntheticRunText.appendReasoning(text, rng, responseLength(rng), true);
          text.append("\n</think>\n\n");
          SyntheticRunText.appendReasoning(text, rng, 200 + rng.nextInt(600), false);
        }
      }
      default -> {
        extracted = finalAnswer(outcome, problem.answer(), rng);
        SyntheticRunText.appendReasoning(text, rng, responseLength(rng), true);
        if (rng.nextInt(4) == 0) {
          text.append("\n</think>\n\n");
          SyntheticRunText.appendReasoning(text, rng, 200 + rng.nextInt(800), true);
        }
        appendFinalAnswer(text, extracted, outcome == SyntheticRun.Outcome.JUNK, rng);
      }
    }
    int chars = text.length() + (reasoning == null ? 0 : reasoning.length());
    tokens =
        outcome == SyntheticRun.Outcome.TRUNCATED
            ? SyntheticRun.MAX_TOKENS
            : Math.min(
                SyntheticRun.MAX_TOKENS - 1,
                (int) Math.round(chars / SyntheticRun.CHARS_PER_TOKEN));
    long latency = 300 + (long) (tokens * rng.nextDouble(10.0, 25.0));
    Generation generation =
        Generation.builder(request)
            .text(text.toString())
            .reasoning(reasoning)
            .finishReason(finishReason)
            .promptTokens(promptTokens)
            .completionTokens(tokens)
            .latencyMs(latency)
            .replica(replica)
            .attempts(rng.nextInt(20) == 0 ? 2 : 1)
            .build();
    return new Sample(row(generation, extracted, outcome), outcome, tokens);
  }

  private static SyntheticRun.Outcome drawOutcome(SplittableRandom rng, Problem problem) {
    if (rng.nextDouble() < REQUEST_ERROR_RATE) {
      return SyntheticRun.Outcome.REQUEST_ERROR;
    }
    if (rng.nextDouble() < problem.truncationRate()) {
      return SyntheticRun.Outcome.TRUNCATED;
    }
    if (rng.nextDouble() < problem.solveRate()) {
      return rng.nextDouble() < 0.35
          ? SyntheticRun.Outcome.EQUIVALENT
          : SyntheticRun.Outcome.CORRECT;
    }
    double miss = rng.nextDouble();
    return miss < 0.75
        ? SyntheticRun.Outcome.WRONG
        : miss < 0.85 ? SyntheticRun.Outcome.JUNK : SyntheticRun.Outcome.MISSING;
  }

  private static String finalAnswer(
      SyntheticRun.Outcome outcome, SyntheticRunAnswer answer, SplittableRandom rng) {
    return switch (outcome) {
      case CORRECT -> answer.gold();
      case EQUIVALENT -> answer.pickEquivalent(rng);
      case WRONG -> answer.pickWrong(rng);
      case JUNK -> SyntheticRunAnswer.junk(rng);
      default -> throw new IllegalStateException("no final answer for " + outcome);
    };
  }

  /**
   * Boxed most of the time, as the prompt asks; otherwise an "answer is" sentence or an {@code
   * Answer:} line. Junk is always boxed: a phrase would let the grader reduce it to its first
   * number.
   */
  private static void appendFinalAnswer(
      StringBuilder text, String answer, boolean junk, SplittableRandom rng) {
    int style = junk ? 0 : rng.nextInt(100);
    if (style < 50) {
      text.append("\n\nTherefore, the final answer is $\\boxed{").append(answer).append("}$.");
    } else if (style < 80) {
      text.append("\n\n**Final Answer**\n\\[\n\\boxed{").append(answer).append("}\n\\]");
    } else if (style < 92) {
      text.append("\n\nThe final answer is $").append(answer).append("$.");
    } else {
      text.append("\n\nAnswer: ").append(answer);
    }
  }

  /** Log-normal: median {@link #MEDIAN_RESPONSE_CHARS}, a long tail, capped below truncation. */
  private static int responseLength(SplittableRandom rng) {
    double chars =
        Math.exp(Math.log(MEDIAN_RESPONSE_CHARS) + RESPONSE_LENGTH_SIGMA * rng.nextGaussian());
    return (int) Math.max(MIN_RESPONSE_CHARS, Math.min(MAX_RESPONSE_CHARS, chars));
  }

  private static GenericRecord row(
      Generation generation, String extracted, SyntheticRun.Outcome outcome) {
    GradedSample graded = new GradedSample(generation, extracted, outcome.intended, 0);
    GenericData.Record record = (GenericData.Record) OutputSchemas.sampleRecord(graded);
    record.put("grader_version", SyntheticRun.GRADER_VERSION);
    return record;
  }

  private static String describe(SyntheticRunAnswer.Form form) {
    return switch (form) {
      case INTEGER -> "an integer";
      case FRACTION -> "a fraction in lowest terms";
      case SQRT -> "a simplified radical";
      case INTERVAL -> "an interval";
      case DECIMAL -> "a decimal";
      case EXPRESSION -> "a polynomial in $x$";
      case PI_MULTIPLE -> "a multiple of $\\pi$";
    };
  }

  private static <T> T pick(T[] items, int[] weights, SplittableRandom rng) {
    int total = 0;
    for (int w : weights) {
      total += w;
    }
    int roll = rng.nextInt(total);
    for (int i = 0; i < items.length; i++) {
      roll -= weights[i];
      if (roll < 0) {
        return items[i];
      }
    }
    return items[items.length - 1];
  }

  /** SeedDerivation's seeds of one problem are consecutive; spread them before seeding a PRNG. */
  private static long spread(long seed) {
    return seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
  }
}
