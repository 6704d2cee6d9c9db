package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.transforms.coders.CoderFixtures;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.Test;

public class ProblemSamplesCoderTest {
  private static ProblemSample sample(SampleRequest request, int index, GradeStatus status) {
    SampleRequest r =
        new SampleRequest(
            request.datasetId(),
            request.problemId(),
            request.problem(),
            request.goldAnswers(),
            index,
            request.samplesPerProblem(),
            request.seed() + index);
    Generation g =
        Generation.builder(r).text("\\boxed{" + index + "}").finishReason("stop").build();
    return ProblemSample.of(new GradedSample(g, Integer.toString(index), status, 42));
  }

  @Test
  public void mathSamplesRoundTripInEveryStatus() throws Exception {
    Generation g = CoderFixtures.mathAnswer();
    List<ProblemSample> group = new ArrayList<>();
    for (GradeStatus status : GradeStatus.values()) {
      group.add(ProblemSample.of(new GradedSample(g, "2", status, 42)));
      CoderProperties.coderDecodeEncodeEqual(
          ProblemSamplesCoder.of(),
          List.of(ProblemSample.of(new GradedSample(g, "2", status, 42))));
    }
    CoderProperties.coderDecodeEncodeEqual(ProblemSamplesCoder.of(), group);
    CoderProperties.coderDecodeEncodeEqual(ProblemSamplesCoder.of(), List.of());
  }

  @Test
  public void codeSamplesRoundTripWithTheirCodeFlag() throws Exception {
    Generation g = CoderFixtures.codeAnswer(CoderFixtures.REQUEST).build();
    CoderProperties.coderDecodeEncodeEqual(
        ProblemSamplesCoder.of(),
        List.of(
            ProblemSample.of(
                GradedSample.ofCode(g, CoderFixtures.failedRun(), GradeStatus.INCORRECT, 1))));
  }

  @Test
  public void nullsAndStatusesOutsideTheEnumRoundTrip() throws Exception {
    ProblemSample odd =
        new ProblemSample("d", "p", null, List.of(), 3, -7L, false, "not_a_status", null, false);
    ProblemSample none =
        new ProblemSample(null, null, null, List.of("x"), 0, 0L, true, null, "", true);
    CoderProperties.coderDecodeEncodeEqual(ProblemSamplesCoder.of(), List.of(odd, none, odd));
  }

  @Test
  public void aGroupWritesWhatItsSamplesShareOnceAndDecodesItShared() throws Exception {
    SampleRequest request = CoderFixtures.REQUEST;
    List<ProblemSample> group = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      group.add(sample(request, i, i % 3 == 0 ? GradeStatus.CORRECT : GradeStatus.INCORRECT));
    }
    byte[] whole = CoderUtils.encodeToByteArray(ProblemSamplesCoder.of(), group);
    int singles = 0;
    for (ProblemSample s : group) {
      singles += CoderUtils.encodeToByteArray(ProblemSamplesCoder.of(), List.of(s)).length;
    }
    // each single repeats the dataset, problem id and both gold answers (at least 13 bytes)
    assertTrue(whole.length + 63 * 13 <= singles);

    List<ProblemSample> decoded = CoderUtils.decodeFromByteArray(ProblemSamplesCoder.of(), whole);
    assertEquals(group, decoded);
    assertSame(decoded.get(0).goldAnswers(), decoded.get(63).goldAnswers());
    assertSame(decoded.get(0).problemId(), decoded.get(63).problemId());
  }

  @Test
  public void samplesOfAnotherProblemInTheGroupKeepTheirOwnProblem() throws Exception {
    SampleRequest other = new SampleRequest("aime24", "p2", "Another", List.of("5"), 0, 8, 99L);
    List<ProblemSample> group =
        List.of(
            sample(CoderFixtures.REQUEST, 0, GradeStatus.CORRECT),
            sample(other, 0, GradeStatus.INCORRECT),
            sample(other, 1, GradeStatus.NO_ANSWER),
            sample(CoderFixtures.REQUEST, 1, GradeStatus.CORRECT));
    List<ProblemSample> decoded =
        CoderUtils.decodeFromByteArray(
            ProblemSamplesCoder.of(),
            CoderUtils.encodeToByteArray(ProblemSamplesCoder.of(), group));
    assertEquals(group, decoded);
    assertEquals("p1", decoded.get(3).problemId());
    assertEquals(List.of("5"), decoded.get(2).goldAnswers());
  }
}
