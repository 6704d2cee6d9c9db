package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.report.html.ReplicaLatency;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the report needs from one pass over the samples table beyond {@code SampleFigures}:
 * completion lengths per dataset by outcome (correct, incorrect, truncated) and latencies per
 * replica. One int per sample.
 */
final class SampleScan {
  private final Map<String, IntList[]> lengths = new TreeMap<>();
  private final Map<String, IntList> latencies = new TreeMap<>();

  void add(
      String dataset,
      GradeStatus status,
      String finishReason,
      int tokens,
      String replica,
      long latencyMs) {
    if (status == GradeStatus.REQUEST_ERROR) {
      return;
    }
    IntList[] byOutcome =
        lengths.computeIfAbsent(
            dataset, d -> new IntList[] {new IntList(), new IntList(), new IntList()});
    int outcome = "length".equals(finishReason) ? 2 : status == GradeStatus.CORRECT ? 0 : 1;
    byOutcome[outcome].add(tokens);
    if (replica != null) {
      latencies
          .computeIfAbsent(replica, r -> new IntList())
          .add((int) Math.min(Integer.MAX_VALUE, latencyMs));
    }
  }

  /** Completion tokens of {@code dataset}'s samples: index 0 correct, 1 incorrect, 2 truncated. */
  int[][] lengths(String dataset) {
    IntList[] l = lengths.get(dataset);
    return l == null
        ? new int[][] {new int[0], new int[0], new int[0]}
        : new int[][] {l[0].toArray(), l[1].toArray(), l[2].toArray()};
  }

  List<ReplicaLatency> replicas() {
    List<ReplicaLatency> out = new ArrayList<>();
    latencies.forEach(
        (replica, list) -> {
          int[] sorted = list.toArray();
          Arrays.sort(sorted);
          out.add(
              new ReplicaLatency(
                  replica,
                  sorted.length,
                  rank(sorted, 0.5),
                  rank(sorted, 0.9),
                  rank(sorted, 0.99),
                  sorted.length == 0 ? 0 : sorted[sorted.length - 1]));
        });
    return out;
  }

  private static double rank(int[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  private static final class IntList {
    private int[] values = new int[16];
    private int size;

    void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
