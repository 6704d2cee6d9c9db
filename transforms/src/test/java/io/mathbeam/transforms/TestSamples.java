package io.mathbeam.transforms;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import java.util.List;

/** Requests, generations and grades for the transforms' tests, built in one place. */
final class TestSamples {
  static final int K = 4;

  private TestSamples() {}

  static SampleRequest request(String dataset, String problemId, int index, String gold) {
    return new SampleRequest(
        dataset, problemId, "What is " + problemId + "?", List.of(gold), index, K, 100L + index);
  }

  /** A generation that finished with {@code finishReason} and answered {@code text}. */
  static Generation answered(SampleRequest r, String text, String finishReason) {
    return Generation.builder(r)
        .text(text)
        .finishReason(finishReason)
        .promptTokens(10)
        .completionTokens(20)
        .latencyMs(30)
        .replica("http://r")
        .attempts(1)
        .build();
  }

  static Generation answered(SampleRequest r, String text) {
    return answered(r, text, "stop");
  }

  /** A request that failed after its retries. */
  static Generation failed(SampleRequest r) {
    return Generation.builder(r)
        .latencyMs(5)
        .replica("http://r")
        .attempts(6)
        .error(ErrorClass.SERVER_ERROR, "503 x6")
        .build();
  }

  static GradedSample graded(
      String dataset, String problemId, int index, String answer, GradeStatus status) {
    SampleRequest r = request(dataset, problemId, index, "2");
    return new GradedSample(answered(r, "\\boxed{" + answer + "}"), answer, status, 7);
  }
}
