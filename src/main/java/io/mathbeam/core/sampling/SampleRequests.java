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
