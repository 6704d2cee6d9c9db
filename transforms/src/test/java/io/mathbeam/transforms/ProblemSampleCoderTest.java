package io.mathbeam.transforms;

import io.mathbeam.core.code.CodeOutcome;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sandbox.ExecutionStatus;
import java.util.List;
import org.apache.beam.sdk.testing.CoderProperties;
import org.junit.Test;

public class ProblemSampleCoderTest {
  private static final SampleRequest REQUEST =
      new SampleRequest(
          "aime24", "p1", "What is 1+1? \u00e9\u4e2d", List.of("2", "two"), 3, 8, 123456789L);

  @Test
  public void mathSamplesRoundTripInEveryStatus() throws Exception {
    Generation g =
        new Generation(REQUEST, "\\boxed{2}", "think", "stop", 5, 6, 7, "http://r", 1, null, null);
    for (GradeStatus status : GradeStatus.values()) {
      CoderProperties.coderDecodeEncodeEqual(
          ProblemSampleCoder.of(), ProblemSample.of(new GradedSample(g, "2", status, 42)));
    }
  }

  @Test
  public void codeSamplesRoundTripWithTheirCodeFlag() throws Exception {
    Generation g = new Generation(REQUEST, "```python", null, "stop", 5, 6, 7, "r", 2, null, null);
    CodeOutcome outcome =
        new CodeOutcome("print(3)", ExecutionStatus.ERROR, 1, 2, "test 2/2 wrong answer", 35);
    CoderProperties.coderDecodeEncodeEqual(
        ProblemSampleCoder.of(),
        ProblemSample.of(GradedSample.ofCode(g, outcome, GradeStatus.INCORRECT, 1)));
  }
}
