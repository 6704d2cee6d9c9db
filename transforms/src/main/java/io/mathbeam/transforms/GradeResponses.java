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
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTagList;

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

  /**
   * Grades and writes {@code samples/} of {@code outputDir} in the same step (one temporary file
   * per bundle): its output is the samples' {@link SampleParts}, never the graded samples, for a
   * run whose graded samples go nowhere else (no judge).
   */
  public PTransform<PCollection<Generation>, PCollectionTuple> writingSamplesTo(String outputDir) {
    SandboxConfig config = sandbox;
    String dir = outputDir.replaceAll("/+$", "");
    return new PTransform<>() {
      @Override
      public PCollectionTuple expand(PCollection<Generation> generations) {
        PCollectionTuple out =
            generations.apply(
                "GradeAndWrite",
                ParDo.of(new GradeAndWriteFn(config, dir))
                    .withOutputTags(
                        SampleParts.PROBLEM_SAMPLES,
                        TupleTagList.of(SampleParts.TALLIES).and(SampleParts.SAMPLE_FILES)));
        SampleParts.setCoders(out);
        return out;
      }
    };
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

  /**
   * The grading of one DoFn instance: the grader, the code grader opened at the first code sample
   * (runs without code problems never start a sandbox), and the counters.
   */
  static final class Grading implements java.io.Serializable {
    private final SandboxConfig sandbox;
    private transient Grader grader;
    private transient CodeGrader code;
    private transient String sandboxFailure;
    private final Counter[] byStatus = statusCounters();
    private final Counter[] byExecution = executionCounters();

    Grading(SandboxConfig sandbox) {
      this.sandbox = sandbox;
    }

    void setup() {
      grader = new Grader();
    }

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

    GradedSample grade(Generation g) {
      if (code == null && sandboxFailure == null && g.request().isCode()) {
        openCodeGrader();
      }
      GradedSample graded = GradeResponses.grade(grader, code, sandboxFailure, g);
      byStatus[graded.status().ordinal()].inc();
      if (graded.code() != null && graded.code().hasCode()) {
        byExecution[graded.code().execution().ordinal()].inc();
      }
      return graded;
    }
  }

  static final class GradeFn extends DoFn<Generation, GradedSample> {
    private final Grading grading;

    GradeFn(SandboxConfig sandbox) {
      this.grading = new Grading(sandbox);
    }

    @Setup
    public void setup() {
      grading.setup();
    }

    @ProcessElement
    public void process(@Element Generation g, OutputReceiver<GradedSample> out) {
      out.output(grading.grade(g));
    }
  }

  /** Grades and writes each sample where it is graded, emitting its {@link SampleParts}. */
  static final class GradeAndWriteFn extends DoFn<Generation, KV<Integer, List<ProblemSample>>> {
    private final Grading grading;
    private final String outputDir;
    private transient SampleParts.Writer bundle;

    GradeAndWriteFn(SandboxConfig sandbox, String outputDir) {
      this.grading = new Grading(sandbox);
      this.outputDir = outputDir;
    }

    @Setup
    public void setup() {
      grading.setup();
    }

    @StartBundle
    public void startBundle() {
      bundle = new SampleParts.Writer(outputDir);
    }

    @ProcessElement
    public void process(@Element Generation g, MultiOutputReceiver out) throws IOException {
      bundle.write(grading.grade(g), out);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) throws IOException {
      bundle.finish(context);
    }
  }
}
