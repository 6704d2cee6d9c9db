package io.mathbeam.transforms.coders;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.CodeExecutions;
import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.regrade.GradeComparison;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StoredGrade;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.Test;

public class CodersTest {
  private static final SampleRequest REQUEST = CoderFixtures.REQUEST;

  @Test
  public void problemRoundTrips() throws Exception {
    CoderProperties.coderDecodeEncodeEqual(
        ProblemCoder.of(), new Problem("d", "p", "text", List.of("1/2", "0.5"), 4, "f.jsonl:3"));
  }

  @Test
  public void sampleRequestRoundTrips() throws Exception {
    CoderProperties.coderDecodeEncodeEqual(SampleRequestCoder.of(), REQUEST);
  }

  @Test
  public void generationRoundTripsWithNullsAndLongText() throws Exception {
    String longText = "x".repeat(200_000);
    CoderProperties.coderDecodeEncodeEqual(
        GenerationCoder.of(),
        Generation.builder(REQUEST)
            .text(longText)
            .finishReason("stop")
            .promptTokens(50)
            .completionTokens(40000)
            .latencyMs(1234)
            .replica("http://r")
            .attempts(2)
            .build());
    CoderProperties.coderDecodeEncodeEqual(
        GenerationCoder.of(),
        Generation.builder(REQUEST)
            .latencyMs(99)
            .attempts(6)
            .error(ErrorClass.SERVER_ERROR, "503 x6")
            .build());
  }

  @Test
  public void gradedSampleRoundTrips() throws Exception {
    Generation g = CoderFixtures.mathAnswer();
    for (GradeStatus status : GradeStatus.values()) {
      CoderProperties.coderDecodeEncodeEqual(
          GradedSampleCoder.of(), new GradedSample(g, "2", status, 42));
    }
  }

  @Test
  public void codeProblemsAndTheirGradesRoundTrip() throws Exception {
    CodeTask task =
        new CodeTask(
            CodeTaskKind.LIVECODEBENCH,
            "class Solution:\n    def f(self, x):",
            "f",
            "",
            List.of(
                new CodeTest("1\n2", "3", CodeTestType.FUNCTIONAL),
                new CodeTest("", "", CodeTestType.STDIN)));
    CoderProperties.coderDecodeEncodeEqual(
        ProblemCoder.of(),
        new Problem("lcb", "q1", "Add.", List.of("ref"), 4, "f.jsonl:1", List.of(), task));
    SampleRequest code =
        new SampleRequest("lcb", "q1", "Add.", List.of("ref"), 0, 4, 9L, List.of(), task);
    CoderProperties.coderDecodeEncodeEqual(SampleRequestCoder.of(), code);
    Generation tir =
        CoderFixtures.codeAnswer(code)
            .codeExecutions(new CodeExecutions(List.of("ok", "timeout"), 10_012))
            .build();
    CoderProperties.coderDecodeEncodeEqual(GenerationCoder.of(), tir);
    CodeOutcome outcome = CoderFixtures.failedRun();
    CoderProperties.coderDecodeEncodeEqual(
        GradedSampleCoder.of(), GradedSample.ofCode(tir, outcome, outcome.gradeStatus(), 40));
    CoderProperties.coderDecodeEncodeEqual(
        GradedSampleCoder.of(),
        GradedSample.ofCode(tir, CodeOutcome.noCode(2), GradeStatus.NO_ANSWER, 1));
  }

  @Test
  public void problemTalliesRoundTrip() throws Exception {
    ProblemTally a = new ProblemTally("d", "p1", 4, 1, 1, 1, 0, 0, 1, 0, 0, 1, 900);
    ProblemTally b = new ProblemTally("d", "p2", 4, 3, 0, 0, 0, 0, 0, 0, 1, 0, 1200);
    CoderProperties.coderDecodeEncodeEqual(ProblemTallyCoder.of(), a);
    ProblemTallies tallies = new ProblemTallies().add(a).add(b).add(a);
    ProblemTallies decoded =
        CoderUtils.decodeFromByteArray(
            ProblemTalliesCoder.of(),
            CoderUtils.encodeToByteArray(ProblemTalliesCoder.of(), tallies));
    assertEquals(Set.copyOf(tallies.tallies()), Set.copyOf(decoded.tallies()));
    assertEquals(2, decoded.tallies().size());
  }

  @Test
  public void rejectedRowRoundTrips() throws Exception {
    CoderProperties.coderDecodeEncodeEqual(
        RejectedRowCoder.of(), new RejectedRow("d", "f.csv", 9, "answer", "missing", "raw"));
  }

  @Test
  public void storedSampleRoundTrips() throws Exception {
    Generation g = CoderFixtures.mathAnswer();
    CoderProperties.coderDecodeEncodeEqual(
        StoredSampleCoder.of(), new StoredSample(g, new StoredGrade("correct", "2", "g/1", true)));
    CoderProperties.coderDecodeEncodeEqual(
        StoredSampleCoder.of(),
        new StoredSample(g, new StoredGrade("no_answer", null, "g/1", false)));
  }

  @Test
  public void verdictChangeRoundTrips() throws Exception {
    Generation g = CoderFixtures.mathAnswer();
    GradedSample now = new GradedSample(g, "2", GradeStatus.CORRECT, 42);
    GradeComparison changed =
        GradeComparison.of(new StoredGrade("incorrect", null, "g/1", true), now, "g/2");
    CoderProperties.coderDecodeEncodeEqual(VerdictChangeCoder.of(), changed.change());
  }

  @Test
  public void regradeTallyRoundTrips() throws Exception {
    Generation g =
        Generation.builder(REQUEST)
            .text("x")
            .finishReason("stop")
            .promptTokens(5)
            .completionTokens(6)
            .latencyMs(7)
            .replica("r")
            .attempts(1)
            .build();
    RegradeTally tally =
        new RegradeTally()
            .add(
                GradeComparison.of(
                    new StoredGrade("incorrect", null, "g/1", true),
                    new GradedSample(g, "2", GradeStatus.CORRECT, 1),
                    "g/2"))
            .add(
                GradeComparison.of(
                    new StoredGrade("correct", "3", "g/0", false),
                    new GradedSample(g, "2", GradeStatus.CORRECT, 1),
                    "g/2"));
    RegradeTally decoded =
        CoderUtils.decodeFromByteArray(
            RegradeTallyCoder.of(), CoderUtils.encodeToByteArray(RegradeTallyCoder.of(), tally));
    assertEquals(tally.summary("g/2", 10), decoded.summary("g/2", 10));
  }
}
