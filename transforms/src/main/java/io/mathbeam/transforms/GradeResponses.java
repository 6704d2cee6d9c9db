package io.mathbeam.transforms;

import io.mathbeam.core.choice.ChoiceGrade;
import io.mathbeam.core.choice.MultipleChoice;
import io.mathbeam.core.code.CodeGrader;
import io.mathbeam.core.grading.GradeResult;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.core.sandbox.SandboxUnavailableException;
import io.mathbeam.transforms.coders.GradedSampleCoder;
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

  private final SandboxConfig sandbox;

  private GradeResponses(SandboxConfig sandbox) {
    this.sandbox = sandbox;
  }

  public static GradeResponses create() {
    return new GradeResponses(null);
  }

  /** Code problems' programs run in a sandbox of this configuration (one per worker JVM). */
  public GradeResponses withSandbox(SandboxConfig config) {
    return new GradeResponses(config);
  }

  @Override
  public PCollection<GradedSample> expand(PCollection<Generation> generations) {
    return generations
        .apply("Grade", ParDo.of(new GradeFn(sandbox)))
        .setCoder(GradedSampleCoder.of());
  }

  /**
   * The grade of one generation, code problems included.
   *
   * @param code runs code problems' programs; null when no sandbox could be had, and then a code
   *     sample is a {@code grader_error} whose first failure is {@code noCodeGrader}
   */
  static GradedSample grade(Grader grader, CodeGrader code, String noCodeGrader, Generation g) {
    if (!g.failed() && !"length".equals(g.finishReason()) && g.request().isCode()) {
      return gradeCode(code, noCodeGrader, g);
    }
    return grade(grader, g);
  }

  private static GradedSample gradeCode(CodeGrader code, String noCodeGrader, Generation g) {
    long start = System.nanoTime();
    CodeOutcome outcome;
    if (code == null) {
      // the sandbox's failure, never the model's: a grader_error, not a wrong answer
      outcome =
          new CodeOutcome(
              "",
              ExecutionStatus.SANDBOX_ERROR,
              0,
              g.request().code().testCount(),
              noCodeGrader,
              0);
    } else {
      outcome = code.grade(g.request().code(), g.text() == null ? "" : g.text());
    }
    return GradedSample.ofCode(
        g, outcome, outcome.gradeStatus(), (System.nanoTime() - start) / 1000);
  }

  /**
   * The grade of one generation of a problem that is not a code problem; the pipeline's grading
   * step and the regrade floor share it.
   */
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

  /** The {@code code_<execution status>} counters, indexed by the status's ordinal. */
  static Counter[] executionCounters() {
    Counter[] byExecution = new Counter[ExecutionStatus.values().length];
    for (ExecutionStatus s : ExecutionStatus.values()) {
      byExecution[s.ordinal()] = Metrics.counter("mathbeam", "code_" + s.wireName());
    }
    return byExecution;
  }

  static final class GradeFn extends DoFn<Generation, GradedSample> {
    private final SandboxConfig sandbox;
    private transient Grader grader;
    private transient CodeGrader code;
    private transient String sandboxFailure;
    private final Counter[] byStatus = statusCounters();
    private final Counter[] byExecution = executionCounters();

    GradeFn(SandboxConfig sandbox) {
      this.sandbox = sandbox;
    }

    @Setup
    public void setup() {
      grader = new Grader();
    }

    /** At the first code sample: runs without code problems never start a sandbox. */
    private void openCodeGrader() {
      if (sandbox == null) {
        sandboxFailure = "no code sandbox was configured for this run";
        return;
      }
      try {
        code = new CodeGrader(SharedSandboxes.get(sandbox));
      } catch (SandboxUnavailableException e) {
        sandboxFailure = "the code sandbox cannot start on this worker: " + e.getMessage();
      }
    }

    @ProcessElement
    public void process(@Element Generation g, OutputReceiver<GradedSample> out) {
      if (code == null && sandboxFailure == null && g.request().isCode()) {
        openCodeGrader();
      }
      GradedSample graded = grade(grader, code, sandboxFailure, g);
      byStatus[graded.status().ordinal()].inc();
      if (graded.code() != null && graded.code().hasCode()) {
        byExecution[graded.code().execution().ordinal()].inc();
      }
      out.output(graded);
    }
  }
}
