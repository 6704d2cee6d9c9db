package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.Test;

public class BrowsedSamplesTest {
  private static SampleView sample(int index, int outcome) {
    return new SampleView(
        index,
        outcome == 0 ? "correct" : outcome == 1 ? "incorrect" : "no_answer",
        outcome == 2 ? null : "x" + index,
        outcome == 0,
        "stop",
        100,
        "response " + index);
  }

  @Test
  public void keepsExactlyTheTextsTheReportCanEmbedWhateverTheOrder() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      int k = 1 + random.nextInt(300);
      int limit = 1 + random.nextInt(10);
      List<SampleView> all = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        // rare outcomes late in the order, so the first of an outcome is often not among the
        // earliest
        int outcome = random.nextInt(20) == 0 ? 2 : random.nextInt(3) == 0 ? 0 : 1;
        all.add(sample(i, outcome));
      }
      List<SampleView> shuffled = new ArrayList<>(all);
      Collections.shuffle(shuffled, random);
      BrowsedSamples browsed = new BrowsedSamples(limit);
      for (SampleView s : shuffled) {
        browsed.add(s);
        assertTrue(browsed.heldTexts() <= limit + 3);
      }
      List<SampleView> kept = browsed.samples();
      assertEquals(k, kept.size());
      ProblemView view = new ProblemView("d", "p", "problem", List.of("1"), kept);
      for (int n = 1; n <= limit; n++) {
        for (SampleView chosen : ResponsePlan.chosen(view, n)) {
          assertNotNull("sample " + chosen.index() + " of " + k, chosen.response());
          assertEquals("response " + chosen.index(), chosen.response());
        }
      }
      for (int i = 0; i < k; i++) {
        assertEquals(i, kept.get(i).index());
      }
    }
  }

  @Test
  public void dropsTheTextsOfLaterSamples() {
    BrowsedSamples browsed = new BrowsedSamples(2);
    for (int i = 9; i >= 0; i--) {
      browsed.add(sample(i, 1));
    }
    List<SampleView> kept = browsed.samples();
    assertEquals("response 0", kept.get(0).response());
    assertEquals("response 1", kept.get(1).response());
    assertNull(kept.get(2).response());
    assertEquals(2, browsed.heldTexts());
  }

  /** {@code s} without its response text, as a first pass over the samples reads it. */
  private static SampleView withoutText(SampleView s) {
    return new SampleView(
        s.index(),
        s.status(),
        s.extractedAnswer(),
        s.correct(),
        s.finishReason(),
        s.completionTokens(),
        null,
        s.code());
  }

  @Test
  public void textsGivenAfterTheSamplesArriveKeepWhatTextsWithTheSamplesKeep() {
    Random random = new Random(11);
    for (int round = 0; round < 200; round++) {
      int k = 1 + random.nextInt(200);
      int limit = 1 + random.nextInt(10);
      List<SampleView> all = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        int outcome = random.nextInt(15) == 0 ? 2 : random.nextInt(3) == 0 ? 0 : 1;
        all.add(sample(i, outcome));
      }
      Collections.shuffle(all, random);
      BrowsedSamples together = new BrowsedSamples(limit);
      BrowsedSamples later = new BrowsedSamples(limit);
      for (SampleView s : all) {
        together.add(s);
        later.add(withoutText(s));
      }
      assertEquals(0, later.heldTexts());
      Set<Integer> embeddable = later.embeddable();
      assertTrue(embeddable.size() <= limit + 3);
      // every text offered, in another order: only the embeddable ones are held
      Collections.shuffle(all, random);
      for (SampleView s : all) {
        later.respond(s.index(), s.response());
      }
      assertEquals(embeddable.size(), later.heldTexts());
      assertEquals(together.samples(), later.samples());
    }
  }
}
