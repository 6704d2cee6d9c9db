package io.mathbeam.transforms;

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
    return new Generation(r, text, null, finishReason, 10, 20, 30, "http://r", 1, null, null);
  }

  static Generation answered(SampleRequest r, String text) {
    return answered(r, text, "stop");
  }

  /** A request that failed after its retries. */
  static Generation failed(SampleRequest r) {
    return new Generation(r, null, null, null, 0, 0, 5, "http://r", 6, "SERVER_ERROR", "503 x6");
  }

  static GradedSample graded(
      String dataset, String problemId, int index, String answer, GradeStatus status) {
    SampleRequest r = request(dataset, problemId, index, "2");
    return new GradedSample(answered(r, "\\boxed{" + answer + "}"), answer, status, 7);
  }
}
