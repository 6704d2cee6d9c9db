package io.mathbeam.transforms;

import io.mathbeam.core.choice.ChoiceGrade;
import io.mathbeam.core.choice.MultipleChoice;
import io.mathbeam.core.grading.GradeResult;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import java.util.Locale;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;

/**
 * Grades every generation: failed requests become {@code request_error}, truncated generations
 * ({@code finish_reason = length}) {@code no_answer}, the rest are extracted and compared with the
 * gold answers. An answer the grader cannot decide is {@code unparseable}, {@code grader_timeout}
 * or {@code grader_error}, never a wrong answer.
 */
public final class GradeResponses
    extends PTransform<PCollection<Generation>, PCollection<GradedSample>> {

  private GradeResponses() {}

  public static GradeResponses create() {
    return new GradeResponses();
  }

  @Override
  public PCollection<GradedSample> expand(PCollection<Generation> generations) {
    return generations.apply("Grade", ParDo.of(new GradeFn())).setCoder(GradedSampleCoder.of());
  }

  /** The grade of one generation; the pipeline's grading step and the regrade floor share it. */
  public static GradedSample grade(Grader grader, Generation g) {
    if (g.failed()) {
      return new GradedSample(g, null, GradeStatus.REQUEST_ERROR, 0);
    }
    if ("length".equals(g.finishReason())) {
      return new GradedSample(g, null, GradeStatus.NO_ANSWER, 0);
    }
    String text = g.text() == null ? "" : g.text();
    long start = System.nanoTime();
    if (g.request().isMultipleChoice()) {
      SampleRequest r = g.request();
      MultipleChoice shown =
          new MultipleChoice(r.choices(), r.goldAnswers().get(0).charAt(0) - 'A');
      ChoiceGrade choice = ChoiceGrade.grade(text, shown);
      return new GradedSample(
          g, choice.letter(), choice.status(), (System.nanoTime() - start) / 1000);
    }
    try {
      GradeResult result = grader.grade(text, g.request().goldAnswers());
      return new GradedSample(g, result.extractedAnswer(), result.status(), result.micros());
    } catch (RuntimeException | StackOverflowError e) {
      long micros = (System.nanoTime() - start) / 1000;
      return new GradedSample(g, null, GradeStatus.GRADER_ERROR, micros);
    }
  }

  /** The {@code graded_<status>} counters, indexed by the status's ordinal. */
  static Counter[] statusCounters() {
    Counter[] byStatus = new Counter[GradeStatus.values().length];
    for (GradeStatus s : GradeStatus.values()) {
      byStatus[s.ordinal()] =
          Metrics.counter("mathbeam", "graded_" + s.name().toLowerCase(Locale.ROOT));
    }
    return byStatus;
  }

  static final class GradeFn extends DoFn<Generation, GradedSample> {
    private transient Grader grader;
    private final Counter[] byStatus = statusCounters();

    @Setup
    public void setup() {
      grader = new Grader();
    }

    @ProcessElement
    public void process(@Element Generation g, OutputReceiver<GradedSample> out) {
      GradedSample graded = grade(grader, g);
      byStatus[graded.status().ordinal()].inc();
      out.output(graded);
    }
  }
}
