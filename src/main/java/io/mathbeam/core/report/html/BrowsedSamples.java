package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One problem's samples for the browser, collected in any order, keeping response texts only for
 * the samples {@link ResponsePlan#chosen} could embed, so the report's memory does not grow with K.
 *
 * <p>A chosen sample is the first (lowest index) of its outcome or among the {@code embedLimit}
 * lowest indices overall; only those texts are held while samples arrive, at most {@code
 * embedLimit} plus one per outcome.
 */
public final class BrowsedSamples {
  private final int embedLimit;
  private final List<SampleView> samples = new ArrayList<>();
  private final TreeSet<Integer> earliest = new TreeSet<>();
  private final Map<String, Integer> firstOfOutcome = new HashMap<>();
  private final Map<Integer, String> texts = new HashMap<>();

  /**
   * @param embedLimit the most responses per problem the report embeds ({@link
   *     ReportLimits#samplesPerProblem()})
   */
  public BrowsedSamples(int embedLimit) {
    this.embedLimit = embedLimit;
  }

  /** Adds a sample; its {@code response} is kept only while the sample could be embedded. */
  public void add(SampleView sample) {
    int index = sample.index();
    samples.add(withResponse(sample, null));
    if (sample.response() != null) {
      texts.put(index, sample.response());
    }
    String outcome = ProblemBrowser.outcomeClass(sample);
    Integer formerFirst = firstOfOutcome.get(outcome);
    if (formerFirst == null || index < formerFirst) {
      firstOfOutcome.put(outcome, index);
    }
    earliest.add(index);
    Integer displaced = earliest.size() > embedLimit ? earliest.pollLast() : null;
    // with both sets updated, drop whatever is in neither: the new sample, the former first of its
    // outcome, or the one pushed out of the earliest
    forgetUnlessNeeded(index);
    if (formerFirst != null) {
      forgetUnlessNeeded(formerFirst);
    }
    if (displaced != null) {
      forgetUnlessNeeded(displaced);
    }
  }

  /**
   * The indices of the samples whose texts would be kept now: with every sample added, those a
   * report may embed, whose responses alone need reading when the samples came without them.
   */
  public Set<Integer> embeddable() {
    Set<Integer> out = new TreeSet<>(earliest);
    out.addAll(firstOfOutcome.values());
    return out;
  }

  /** Gives sample {@code index} its response text, kept only while the sample could be embedded. */
  public void respond(int index, String response) {
    if (earliest.contains(index) || firstOfOutcome.containsValue(index)) {
      texts.put(index, response);
    }
  }

  /** The samples in index order, with the texts that were kept. */
  public List<SampleView> samples() {
    List<SampleView> out = new ArrayList<>(samples.size());
    for (SampleView s : samples) {
      out.add(withResponse(s, texts.get(s.index())));
    }
    out.sort(Comparator.comparingInt(SampleView::index));
    return out;
  }

  /** How many response texts are held now. */
  int heldTexts() {
    return texts.size();
  }

  private void forgetUnlessNeeded(int index) {
    if (!earliest.contains(index) && !firstOfOutcome.containsValue(index)) {
      texts.remove(index);
    }
  }

  private static SampleView withResponse(SampleView s, String response) {
    return new SampleView(
        s.index(),
        s.status(),
        s.extractedAnswer(),
        s.correct(),
        s.finishReason(),
        s.completionTokens(),
        response,
        s.code());
  }
}
