package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.answered;
import static io.mathbeam.transforms.TestSamples.failed;
import static io.mathbeam.transforms.TestSamples.request;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.transforms.coders.GenerationCoder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;

public class GradeResponsesTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private PCollection<GradedSample> grade(List<Generation> generations) {
    return pipeline
        .apply(Create.of(generations).withCoder(GenerationCoder.of()))
        .apply(GradeResponses.create());
  }

  private static Map<String, GradedSample> byProblem(Iterable<GradedSample> all) {
    Map<String, GradedSample> out = new HashMap<>();
    all.forEach(s -> assertNull(out.put(s.request().problemId(), s)));
    return out;
  }

  @Test
  public void gradesAnswersAndNeverCountsAFailedOrTruncatedRequestAsWrong() {
    PCollection<GradedSample> graded =
        grade(
            List.of(
                answered(request("d", "right", 0, "1/2"), "So the answer is \\boxed{0.5}."),
                answered(request("d", "wrong", 0, "2"), "The answer is \\boxed{3}."),
                answered(request("d", "cut", 0, "2"), "Let me think about \\boxed{2", "length"),
                failed(request("d", "failed", 0, "2"))));

    PAssert.that(graded)
        .satisfies(
            all -> {
              Map<String, GradedSample> by = byProblem(all);
              assertEquals(4, by.size());
              assertEquals(GradeStatus.CORRECT, by.get("right").status());
              assertEquals("0.5", by.get("right").extractedAnswer());
              assertEquals(GradeStatus.INCORRECT, by.get("wrong").status());
              assertEquals("3", by.get("wrong").extractedAnswer());
              assertEquals(GradeStatus.NO_ANSWER, by.get("cut").status());
              assertEquals(GradeStatus.REQUEST_ERROR, by.get("failed").status());
              all.forEach(s -> assertEquals(s.status(), s.symbolicStatus()));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void multipleChoiceAnswersAreGradedByTheirLetter() {
    List<String> options = List.of("red", "green", "blue");
    SampleRequest right =
        new SampleRequest("mc", "right", "Which?", List.of("B"), 0, 1, 1L, options);
    SampleRequest wrong =
        new SampleRequest("mc", "wrong", "Which?", List.of("B"), 0, 1, 2L, options);
    PCollection<GradedSample> graded =
        grade(List.of(answered(right, "Answer: B"), answered(wrong, "Answer: C")));

    PAssert.that(graded)
        .satisfies(
            all -> {
              Map<String, GradedSample> by = byProblem(all);
              assertEquals(GradeStatus.CORRECT, by.get("right").status());
              assertEquals("B", by.get("right").extractedAnswer());
              assertEquals(GradeStatus.INCORRECT, by.get("wrong").status());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void codeSamplesWithoutASandboxAreGraderErrorsNotWrongAnswers() {
    CodeTask task =
        new CodeTask(
            CodeTaskKind.LIVECODEBENCH,
            "",
            "",
            "",
            List.of(new CodeTest("1 2", "3", CodeTestType.STDIN)));
    SampleRequest code =
        new SampleRequest("lcb", "q1", "Add.", List.of("ref"), 0, 1, 9L, List.of(), task);
    PCollection<GradedSample> graded = grade(List.of(answered(code, "```python\nprint(3)\n```")));

    PAssert.that(graded)
        .satisfies(
            all -> {
              GradedSample s = all.iterator().next();
              assertEquals(GradeStatus.GRADER_ERROR, s.status());
              assertTrue(
                  s.code().firstFailure(), s.code().firstFailure().contains("no code sandbox"));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }
}
