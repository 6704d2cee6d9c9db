package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The expected length of a sample part-way through, and when a tail copy of it saves time. */
public class CompletedLengthsTest {
  @Test
  public void theMeanOfTheLongerSamplesWithinABucketsWidth() {
    CompletedLengths lengths = new CompletedLengths();
    for (int tokens : new int[] {100, 200, 400, 800, 4096, 4096}) {
      lengths.record(tokens);
    }
    // longer than 300: 400, 800, 4096, 4096
    assertEquals((400 + 800 + 4096 + 4096) / 4.0, lengths.meanLongerThan(300), 1e-9);
    // longer than 1000: only the two that ran to the limit
    assertEquals(4096, lengths.meanLongerThan(1000), 1e-9);
    // at the start, the run's mean
    assertEquals((100 + 200 + 400 + 800 + 4096 + 4096) / 6.0, lengths.meanLongerThan(0), 1e-9);
    // past every answered sample: nothing known
    assertTrue(Double.isNaN(lengths.meanLongerThan(5000)));
    // a sample in the same bucket as the question counts, but the answer is never below it
    assertTrue(lengths.meanLongerThan(4000) >= 4000);
  }

  @Test
  public void aCopyPaysOnlyForASampleFarFromItsEnd() {
    // a replica twice as slow: 2 ms per token against 1 ms
    // 100 tokens into a sample expected at 1000: 900 left there (1.8 s) against 1000 here (1 s)
    assertEquals(0.8, TailCopies.saving(100, 1000, 0.002, 0.001), 1e-9);
    // 600 tokens in: 400 left (0.8 s) against 1 s: the original wins
    assertTrue(TailCopies.saving(600, 1000, 0.002, 0.001) < 0);
    // the break-even point of a 2x slower replica is half the expected length
    assertEquals(0, TailCopies.saving(500, 1000, 0.002, 0.001), 1e-12);
  }
}
