package io.mathbeam.core.regrade;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The first {@code limit} changes in {@link VerdictChange} order (dataset, problem, sample index)
 * among any number added: a heap of at most {@code limit}, its largest on top to be dropped first.
 * What the regrade floor keeps for {@code regrade-changes.jsonl}; the pipeline uses Beam's {@code
 * Top.smallest}, the same selection.
 */
public final class FirstChanges {
  private final int limit;
  private final PriorityQueue<VerdictChange> heap = new PriorityQueue<>(Comparator.reverseOrder());

  public FirstChanges(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("the list limit must be at least 0, got " + limit);
    }
    this.limit = limit;
  }

  public FirstChanges add(VerdictChange c) {
    if (heap.size() < limit) {
      heap.add(c);
    } else if (limit > 0 && c.compareTo(heap.peek()) < 0) {
      heap.poll();
      heap.add(c);
    }
    return this;
  }

  public FirstChanges merge(FirstChanges other) {
    other.heap.forEach(this::add);
    return this;
  }

  /** The kept changes, first first. */
  public List<VerdictChange> sorted() {
    List<VerdictChange> out = new ArrayList<>(heap);
    Collections.sort(out);
    return out;
  }
}
