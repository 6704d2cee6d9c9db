package io.mathbeam.transforms.coders;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.List;

/**
 * The values the coder tests round-trip (here and in {@code ProblemSamplesCoderTest}): a request
 * with non-ASCII text, a math answer with every field set, a code answer and a failed code run.
 */
public final class CoderFixtures {
  public static final SampleRequest REQUEST =
      new SampleRequest(
          "aime24", "p1", "What is 1+1? \u00e9\u4e2d", List.of("2", "two"), 3, 8, 123456789L);

  private CoderFixtures() {}

  /** A boxed answer with its reasoning, every field set. */
  public static Generation mathAnswer() {
    return Generation.builder(REQUEST)
        .text("\\boxed{2}")
        .reasoning("think")
        .finishReason("stop")
        .promptTokens(5)
        .completionTokens(6)
        .latencyMs(7)
        .replica("http://r")
        .attempts(1)
        .build();
  }

  /** A code answer to {@code request}, still a builder so that a test can add what it needs. */
  public static Generation.Builder codeAnswer(SampleRequest request) {
    return Generation.builder(request)
        .text("```python")
        .finishReason("stop")
        .promptTokens(5)
        .completionTokens(6)
        .latencyMs(7)
        .replica("http://r")
        .attempts(2);
  }

  /** A program that passed one test of two. */
  public static CodeOutcome failedRun() {
    return new CodeOutcome("print(3)", ExecutionStatus.ERROR, 1, 2, "test 2/2 wrong answer", 35);
  }
}
