package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import org.junit.Test;

public class SampleFiguresTest {
  @Test
  public void splitsNoAnswerByCauseAndAccuracyByTruncation() {
    SampleFigures f = new SampleFigures();
    f.add(GradeStatus.CORRECT, "stop", 100, 10);
    f.add(GradeStatus.INCORRECT, "stop", 200, 20);
    f.add(GradeStatus.CORRECT, "length", 1000, 90);
    f.add(GradeStatus.NO_ANSWER, "length", 1000, 80);
    f.add(GradeStatus.NO_ANSWER, "stop", 300, 30);
    f.add(GradeStatus.UNPARSEABLE, "stop", 400, 40);
    f.add(GradeStatus.REQUEST_ERROR, null, 0, 0);
    f.add(GradeStatus.GRADER_TIMEOUT, "stop", 500, 50);

    assertEquals(8, f.samples());
    assertEquals(1, f.noAnswerTruncated());
    assertEquals(1, f.noFinalAnswer());
    assertEquals(1, f.unparseable());
    assertEquals(1, f.requestErrors());
    assertEquals(1, f.ungradable());
    assertEquals(2 / 8.0, f.truncationRate(), 1e-12);
    assertEquals(0.5, f.accuracyTruncated(), 1e-12);
    // 7 generated samples, 2 truncated: 5 completed, one of them correct
    assertEquals(1 / 5.0, f.accuracyCompleted(), 1e-12);
    assertEquals(3500, f.completionTokens());
    assertEquals(3500 / 7.0, f.meanTokens(), 1e-9);
    assertEquals(400, f.tokensQuantile(0.5), 0);
    assertEquals(1000, f.tokensQuantile(0.9), 0);
    assertEquals(3500 / 2.0, f.tokensPerCorrectAnswer(), 1e-9);
    assertEquals(550, f.meanTokensOfCorrectAnswers(), 1e-9);
    assertEquals(40, f.latencyQuantileMs(0.5), 0);
    assertEquals(320 / 7.0, f.meanLatencyMs(), 1e-9);
  }

  @Test
  public void emptyFiguresAreUndefinedNotZero() {
    SampleFigures f = new SampleFigures();
    assertEquals(0, f.truncationRate(), 0);
    assertTrue(Double.isNaN(f.accuracyCompleted()));
    assertTrue(Double.isNaN(f.accuracyTruncated()));
    assertTrue(Double.isNaN(f.tokensQuantile(0.5)));
    assertTrue(Double.isNaN(f.tokensPerCorrectAnswer()));
  }

  @Test
  public void growsPastItsInitialCapacity() {
    SampleFigures f = new SampleFigures();
    for (int i = 1; i <= 1000; i++) {
      f.add(GradeStatus.INCORRECT, "stop", i, i);
    }
    assertEquals(500, f.tokensQuantile(0.5), 0);
    assertEquals(900, f.tokensQuantile(0.9), 0);
    assertEquals(1000, f.tokensQuantile(1.0), 0);
  }
}
