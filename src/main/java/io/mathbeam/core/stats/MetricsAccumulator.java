package io.mathbeam.core.stats;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Accumulates {@link ProblemTally}s into {@link DatasetMetrics}. Mergeable, so it works as a Beam
 * combiner: it keeps only sums, never the tallies themselves.
 */
public final class MetricsAccumulator implements Serializable {
  private int problems;
  private long samples;
  private long correct;
  private long incorrect;
  private long noAnswer;
  private long requestErrors;
  private long unparseable;
  private long graderTimeouts;
  private long graderErrors;
  private long judgeErrors;
  private long truncated;
  private long completionTokens;
  private int minSamples = Integer.MAX_VALUE;

  /** Sum over problems of pass@k, index k-1, up to the largest sample count seen. */
  private double[] passAtKSums = new double[0];

  public MetricsAccumulator add(ProblemTally t) {
    if (t.samples() == 0) {
      return this;
    }
    problems++;
    samples += t.samples();
    correct += t.correct();
    incorrect += t.incorrect();
    noAnswer += t.noAnswer();
    requestErrors += t.requestErrors();
    unparseable += t.unparseable();
    graderTimeouts += t.graderTimeouts();
    graderErrors += t.graderErrors();
    judgeErrors += t.judgeErrors();
    truncated += t.truncated();
    completionTokens += t.completionTokens();
    minSamples = Math.min(minSamples, t.samples());
    ensure(t.samples());
    for (int k = 1; k <= t.samples(); k++) {
      passAtKSums[k - 1] += PassAtK.estimate(t.samples(), t.correct(), k);
    }
    return this;
  }

  public MetricsAccumulator merge(MetricsAccumulator o) {
    problems += o.problems;
    samples += o.samples;
    correct += o.correct;
    incorrect += o.incorrect;
    noAnswer += o.noAnswer;
    requestErrors += o.requestErrors;
    unparseable += o.unparseable;
    graderTimeouts += o.graderTimeouts;
    graderErrors += o.graderErrors;
    judgeErrors += o.judgeErrors;
    truncated += o.truncated;
    completionTokens += o.completionTokens;
    minSamples = Math.min(minSamples, o.minSamples);
    ensure(o.passAtKSums.length);
    for (int i = 0; i < o.passAtKSums.length; i++) {
      passAtKSums[i] += o.passAtKSums[i];
    }
    return this;
  }

  public DatasetMetrics result(String dataset) {
    List<Double> passAtK = new ArrayList<>();
    int kMax = problems == 0 ? 0 : minSamples;
    for (int k = 1; k <= kMax; k++) {
      passAtK.add(passAtKSums[k - 1] / problems);
    }
    return new DatasetMetrics(
        dataset,
        problems,
        samples,
        samples == 0 ? 0.0 : (double) correct / samples,
        passAtK,
        correct,
        incorrect,
        noAnswer,
        requestErrors,
        unparseable,
        graderTimeouts,
        graderErrors,
        judgeErrors,
        truncated,
        samples == 0 ? 0.0 : (double) completionTokens / samples);
  }

  private void ensure(int length) {
    if (passAtKSums.length < length) {
      passAtKSums = Arrays.copyOf(passAtKSums, length);
    }
  }
}
