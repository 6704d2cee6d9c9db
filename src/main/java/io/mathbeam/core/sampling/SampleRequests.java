package io.mathbeam.core.sampling;

import io.mathbeam.core.choice.MultipleChoice;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.SampleRequest;
import java.util.List;

/** The K sample requests of a problem: seeds, and for multiple choice the options as shown. */
public final class SampleRequests {
  private SampleRequests() {}

  /**
   * Sample {@code index} of {@code p}. A multiple-choice problem's options are listed after its
   * statement, in the file's order or, with {@code shuffleChoices}, in an order drawn from the
   * sample's seed; the gold letter follows its option.
   */
  /**
   * Sample {@code index} of the problem {@code r} is a sample of, as {@link #of} makes it, where
   * the problem's statement as shown does not depend on the seed (not multiple choice with shuffled
   * options); its K is {@code r}'s.
   */
  public static SampleRequest another(SampleRequest r, int index, long baseSeed) {
    return new SampleRequest(
        r.datasetId(),
        r.problemId(),
        r.problem(),
        r.goldAnswers(),
        index,
        r.samplesPerProblem(),
        SeedDerivation.seed(baseSeed, r.datasetId(), r.problemId(), index),
        r.choices(),
        r.code());
  }

  public static SampleRequest of(Problem p, int index, long baseSeed, boolean shuffleChoices) {
    long seed = SeedDerivation.seed(baseSeed, p.datasetId(), p.problemId(), index);
    if (!p.isMultipleChoice()) {
      return new SampleRequest(
          p.datasetId(),
          p.problemId(),
          p.problem(),
          p.goldAnswers(),
          index,
          p.samples(),
          seed,
          List.of(),
          p.code());
    }
    MultipleChoice original =
        new MultipleChoice(p.choices(), p.goldAnswers().get(0).charAt(0) - 'A');
    MultipleChoice shown = shuffleChoices ? original.shuffled(seed) : original;
    return new SampleRequest(
        p.datasetId(),
        p.problemId(),
        shown.render(p.problem()),
        List.of(shown.goldLetter()),
        index,
        p.samples(),
        seed,
        shown.options());
  }
}
