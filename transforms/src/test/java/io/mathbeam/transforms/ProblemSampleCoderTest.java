package io.mathbeam.transforms;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.transforms.coders.CoderFixtures;
import org.apache.beam.sdk.testing.CoderProperties;
import org.junit.Test;

public class ProblemSampleCoderTest {
  @Test
  public void mathSamplesRoundTripInEveryStatus() throws Exception {
    Generation g = CoderFixtures.mathAnswer();
    for (GradeStatus status : GradeStatus.values()) {
      CoderProperties.coderDecodeEncodeEqual(
          ProblemSampleCoder.of(), ProblemSample.of(new GradedSample(g, "2", status, 42)));
    }
  }

  @Test
  public void codeSamplesRoundTripWithTheirCodeFlag() throws Exception {
    Generation g = CoderFixtures.codeAnswer(CoderFixtures.REQUEST).build();
    CoderProperties.coderDecodeEncodeEqual(
        ProblemSampleCoder.of(),
        ProblemSample.of(
            GradedSample.ofCode(g, CoderFixtures.failedRun(), GradeStatus.INCORRECT, 1)));
  }
}
