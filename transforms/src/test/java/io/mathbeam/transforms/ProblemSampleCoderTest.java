package io.mathbeam.transforms;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
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
        Generation.builder(REQUEST)
            .text("\\boxed{2}")
            .reasoning("think")
            .finishReason("stop")
            .promptTokens(5)
            .completionTokens(6)
            .latencyMs(7)
            .replica("http://r")
            .attempts(1)
            .build();
    for (GradeStatus status : GradeStatus.values()) {
      CoderProperties.coderDecodeEncodeEqual(
          ProblemSampleCoder.of(), ProblemSample.of(new GradedSample(g, "2", status, 42)));
    }
  }

  @Test
  public void codeSamplesRoundTripWithTheirCodeFlag() throws Exception {
    Generation g =
        Generation.builder(REQUEST)
            .text("```python")
            .finishReason("stop")
            .promptTokens(5)
            .completionTokens(6)
            .latencyMs(7)
            .replica("r")
            .attempts(2)
            .build();
    CodeOutcome outcome =
        new CodeOutcome("print(3)", ExecutionStatus.ERROR, 1, 2, "test 2/2 wrong answer", 35);
    CoderProperties.coderDecodeEncodeEqual(
        ProblemSampleCoder.of(),
        ProblemSample.of(GradedSample.ofCode(g, outcome, GradeStatus.INCORRECT, 1)));
  }
}
