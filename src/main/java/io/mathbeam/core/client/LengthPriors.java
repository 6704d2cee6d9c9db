package io.mathbeam.core.client;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Completion lengths known before a run starts, from an earlier run of the same model: per problem
 * (the mean of its samples there) and per sample (problem and seed). {@link DispatchOrder} starts
 * the problems expected to be longest first instead of probing every problem with one request, and
 * orders a problem's own samples by their known lengths.
 *
 * <p>A sample's earlier length is its length now only when the model, the sampling parameters and
 * the seed are the same (the simulator is deterministic; a real server at temperature > 0 with a
 * seed is too, up to batch-invariance of its kernels): then the order is an oracle's, which is how
 * {@code bench-fleet} measures the best any order can do. Across different seeds only the problem
 * means carry over, which is the realistic case of a rerun with more samples.
 *
 * <p>Immutable; keys are {@link io.mathbeam.core.model.SampleRequest#problemKey()}.
 */
public final class LengthPriors implements Serializable {
  private static final long serialVersionUID = 1L;

  /** No prior: the dispatch order learns from the run's own finished samples only. */
  public static final LengthPriors NONE = new LengthPriors(Map.of(), Map.of());

  private final Map<String, Sum> problems;
  private final Map<String, Integer> samples;
  private transient int hash;

  private final double mean;

  /** A problem's completion tokens and samples in the earlier run. */
  private record Sum(long tokens, int samples) implements Serializable {}

  private LengthPriors(Map<String, Sum> problems, Map<String, Integer> samples) {
    this.problems = problems;
    this.samples = samples;
    double tokens = 0;
    double count = 0;
    for (Sum sum : problems.values()) {
      tokens += sum.tokens();
      count += sum.samples();
    }
    this.mean = count == 0 ? Double.NaN : tokens / count;
  }

  /** Collects an earlier run's samples into priors. */
  public static Builder builder() {
    return new Builder();
  }

  /** The mean completion length of {@code problemKey}'s samples in the earlier run, if any. */
  public OptionalDouble problemMean(String problemKey) {
    Sum sum = problems.get(problemKey);
    return sum == null
        ? OptionalDouble.empty()
        : OptionalDouble.of((double) sum.tokens() / sum.samples());
  }

  /** How many samples of {@code problemKey} the mean is taken over (0 when unknown). */
  public int problemSamples(String problemKey) {
    Sum sum = problems.get(problemKey);
    return sum == null ? 0 : sum.samples();
  }

  /** The completion length of the sample of {@code problemKey} with {@code seed}, if known. */
  public OptionalInt sample(String problemKey, long seed) {
    Integer tokens = samples.get(problemKey + "#" + seed);
    return tokens == null ? OptionalInt.empty() : OptionalInt.of(tokens);
  }

  /** The mean completion length over every sample of the earlier run, or NaN without any. */
  public double meanTokens() {
    return mean;
  }

  public boolean isEmpty() {
    return problems.isEmpty();
  }

  /** Problems with a prior. */
  public int problems() {
    return problems.size();
  }

  /** Samples of the earlier run, whether or not their own lengths are known. */
  public long totalSamples() {
    long total = 0;
    for (Sum sum : problems.values()) {
      total += sum.samples();
    }
    return total;
  }

  /** Samples with a prior. */
  public int samples() {
    return samples.size();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LengthPriors other
        && hashCode() == other.hashCode()
        && problems.equals(other.problems)
        && samples.equals(other.samples);
  }

  @Override
  public int hashCode() {
    // computed once: configs holding priors are map keys looked up on every bundle
    int h = hash;
    if (h == 0) {
      h = 31 * samples.hashCode() + problems.hashCode();
      hash = h == 0 ? 1 : h;
    }
    return hash;
  }

  @Override
  public String toString() {
    return "LengthPriors[" + problems.size() + " problems, " + samples.size() + " samples]";
  }

  /** Adds an earlier run's successful samples. */
  public static final class Builder {
    private final Map<String, Sum> problems = new HashMap<>();
    private final Map<String, Integer> samples = new HashMap<>();

    private Builder() {}

    /** A sample of {@code problemKey} drawn with {@code seed} that generated this many tokens. */
    public Builder add(String problemKey, long seed, int completionTokens) {
      problems.merge(
          problemKey,
          new Sum(completionTokens, 1),
          (a, b) -> new Sum(a.tokens() + b.tokens(), a.samples() + b.samples()));
      samples.put(problemKey + "#" + seed, completionTokens);
      return this;
    }

    public LengthPriors build() {
      return problems.isEmpty()
          ? NONE
          : new LengthPriors(Map.copyOf(problems), Map.copyOf(samples));
    }
  }
}
