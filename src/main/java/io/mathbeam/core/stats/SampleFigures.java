package io.mathbeam.core.stats;

import io.mathbeam.core.model.GradeStatus;
import java.util.Arrays;

/**
 * Per-sample figures of one dataset (or all): why samples have no answer, how many were truncated
 * and how accurate the truncated and the completed ones were, and the distributions of completion
 * tokens and latency. Keeps one int per sample for the quantiles (4 MB per million samples).
 */
public final class SampleFigures {
  private long samples;
  private long correct;
  private long truncated;
  private long truncatedCorrect;
  private long noFinalAnswer;
  private long noAnswerTruncated;
  private long unparseable;
  private long requestErrors;
  private long ungradable;
  private long completionTokens;
  private long correctTokens;
  private int[] tokens = new int[64];
  private int[] latencies = new int[64];
  private int generated;

  /**
   * Adds one sample.
   *
   * @param finishReason null for a failed request
   * @param latencyMs latency of the successful attempt; ignored for failed requests
   */
  public void add(GradeStatus status, String finishReason, int completionTokens, long latencyMs) {
    samples++;
    boolean wasTruncated = "length".equals(finishReason);
    boolean isCorrect = status == GradeStatus.CORRECT;
    correct += isCorrect ? 1 : 0;
    truncated += wasTruncated ? 1 : 0;
    truncatedCorrect += wasTruncated && isCorrect ? 1 : 0;
    switch (status) {
      case NO_ANSWER -> {
        if (wasTruncated) {
          noAnswerTruncated++;
        } else {
          noFinalAnswer++;
        }
      }
      case UNPARSEABLE -> unparseable++;
      case REQUEST_ERROR -> requestErrors++;
      case GRADER_TIMEOUT, GRADER_ERROR, JUDGE_ERROR -> ungradable++;
      default -> {}
    }
    if (status == GradeStatus.REQUEST_ERROR) {
      return;
    }
    this.completionTokens += completionTokens;
    correctTokens += isCorrect ? completionTokens : 0;
    if (generated == tokens.length) {
      tokens = Arrays.copyOf(tokens, generated * 2);
      latencies = Arrays.copyOf(latencies, generated * 2);
    }
    tokens[generated] = completionTokens;
    latencies[generated] = (int) Math.min(Integer.MAX_VALUE, Math.max(0, latencyMs));
    generated++;
  }

  public long samples() {
    return samples;
  }

  /** Samples without a usable answer, by cause. */
  public long noAnswerTruncated() {
    return noAnswerTruncated;
  }

  public long noFinalAnswer() {
    return noFinalAnswer;
  }

  public long unparseable() {
    return unparseable;
  }

  public long requestErrors() {
    return requestErrors;
  }

  /** Samples the grader timed out on or failed on. */
  public long ungradable() {
    return ungradable;
  }

  /** Share of samples that ended with {@code finish_reason: length}. */
  public double truncationRate() {
    return samples == 0 ? 0 : (double) truncated / samples;
  }

  /** Accuracy of samples that were cut off; NaN when there were none. */
  public double accuracyTruncated() {
    return truncated == 0 ? Double.NaN : (double) truncatedCorrect / truncated;
  }

  /** Accuracy of samples that ended on their own (failed requests excluded); NaN when none. */
  public double accuracyCompleted() {
    long completed = generated - truncated;
    return completed <= 0 ? Double.NaN : (double) (correct - truncatedCorrect) / completed;
  }

  /** Completion tokens of all generated samples per correct answer; NaN with no correct one. */
  public double tokensPerCorrectAnswer() {
    return correct == 0 ? Double.NaN : (double) completionTokens / correct;
  }

  public long completionTokens() {
    return completionTokens;
  }

  public double meanTokens() {
    return generated == 0 ? Double.NaN : (double) completionTokens / generated;
  }

  /** The {@code q} quantile (0..1, nearest rank) of completion tokens; NaN with no sample. */
  public double tokensQuantile(double q) {
    return quantile(tokens, q);
  }

  public double meanLatencyMs() {
    if (generated == 0) {
      return Double.NaN;
    }
    long sum = 0;
    for (int i = 0; i < generated; i++) {
      sum += latencies[i];
    }
    return (double) sum / generated;
  }

  public double latencyQuantileMs(double q) {
    return quantile(latencies, q);
  }

  private double quantile(int[] values, double q) {
    if (generated == 0) {
      return Double.NaN;
    }
    int[] sorted = Arrays.copyOf(values, generated);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(q * generated);
    return sorted[Math.max(0, Math.min(generated - 1, rank - 1))];
  }

  /** Tokens per correct answer among correct samples only (the cost of one right answer). */
  public double meanTokensOfCorrectAnswers() {
    return correct == 0 ? Double.NaN : (double) correctTokens / correct;
  }
}
