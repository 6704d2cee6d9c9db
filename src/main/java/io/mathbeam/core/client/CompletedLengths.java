package io.mathbeam.core.client;

/**
 * The completion lengths of the samples answered so far, as a log-spaced histogram: how long a
 * sample that has already generated some tokens is expected to get (tail copies), and how long a
 * long one is (when a slow replica stops getting samples, {@link ReplicaSet#passedOver()}).
 *
 * <p>Why a histogram: the question is asked for every sample a slow replica still runs, on every
 * response once nothing waits to be sent; buckets of about 4 % answer it in constant time and
 * memory whatever the run's size, and the answer only ranks copies.
 */
final class CompletedLengths {
  private static final int PER_OCTAVE = 16;
  private static final int BUCKETS = PER_OCTAVE * 31 + 1;

  private final long[] counts = new long[BUCKETS];
  private final double[] sums = new double[BUCKETS];
  private long count;
  private double sum;

  synchronized void record(int tokens) {
    int b = bucket(tokens);
    counts[b]++;
    sums[b] += tokens;
    count++;
    sum += tokens;
  }

  synchronized long count() {
    return count;
  }

  /** The mean length answered so far, NaN before any. */
  synchronized double mean() {
    return count == 0 ? Double.NaN : sum / count;
  }

  /**
   * The length below which a share {@code q} of the answered samples lie, to a bucket's width (the
   * mean of its bucket), NaN before any.
   */
  synchronized double quantile(double q) {
    if (count == 0) {
      return Double.NaN;
    }
    long below = 0;
    for (int b = 0; b < BUCKETS; b++) {
      below += counts[b];
      if (counts[b] > 0 && below >= q * count) {
        return sums[b] / counts[b];
      }
    }
    return sum / count;
  }

  /**
   * The mean length of the samples answered so far that are longer than {@code done} tokens (those
   * in its own bucket counted), or NaN when none is.
   */
  synchronized double meanLongerThan(double done) {
    long count = 0;
    double sum = 0;
    for (int b = bucket(done); b < BUCKETS; b++) {
      count += counts[b];
      sum += sums[b];
    }
    return count == 0 ? Double.NaN : Math.max(done, sum / count);
  }

  private static int bucket(double tokens) {
    if (tokens < 1) {
      return 0;
    }
    int b = 1 + (int) Math.floor(Math.log(tokens) / Math.log(2) * PER_OCTAVE);
    return Math.min(BUCKETS - 1, b);
  }
}
