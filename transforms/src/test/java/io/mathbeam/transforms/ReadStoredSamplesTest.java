package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.answered;
import static io.mathbeam.transforms.TestSamples.failed;
import static io.mathbeam.transforms.TestSamples.request;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.Judgment;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import java.io.File;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ReadStoredSamplesTest {
  /**
   * With the DirectRunner's checks that encode and compare every element: rows are parsed where
   * they are read, so nothing that a coder of the wrong schema would have to encode is passed on.
   */
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  /** Writes the samples the way a run does, in a pipeline of its own. */
  private static void writeSamples(File runDir, List<GradedSample> samples) {
    Pipeline write = Pipeline.create();
    write
        .apply(Create.of(samples).withCoder(GradedSampleCoder.of()))
        .apply(WriteSampleFiles.to(runDir.getPath()));
    write.run().waitUntilFinish();
  }

  @Test
  public void readsEachGenerationBackWithTheGradeTheRunStored() throws Exception {
    File run = tmp.newFolder("run");
    Generation right = answered(request("d", "right", 2, "2"), "\\boxed{2}");
    Generation judged = answered(request("d", "judged", 0, "2"), "\\boxed{two}");
    Generation lost = failed(request("e", "lost", 1, "9"));
    writeSamples(
        run,
        List.of(
            new GradedSample(right, "2", GradeStatus.CORRECT, 5),
            new GradedSample(judged, "two", GradeStatus.INCORRECT, 5)
                .withJudgment(Judgment.of("CORRECT", 9), GradeStatus.CORRECT),
            new GradedSample(lost, null, GradeStatus.REQUEST_ERROR, 0)));

    PCollection<StoredSample> stored =
        pipeline
            .apply(ReadStoredSamples.from(run.getPath(), Map.of("d", 4, "e", 2)))
            .apply(Flatten.iterables());

    PAssert.that(stored)
        .satisfies(
            all -> {
              Map<String, StoredSample> by = new HashMap<>();
              all.forEach(s -> assertNull(by.put(s.generation().request().problemId(), s)));
              assertEquals(3, by.size());
              StoredSample r = by.get("right");
              assertEquals(right.request(), r.generation().request());
              assertEquals("\\boxed{2}", r.generation().text());
              assertEquals(4, r.generation().request().samplesPerProblem());
              assertEquals("correct", r.grade().status());
              assertEquals("2", r.grade().extractedAnswer());
              assertEquals(Grader.VERSION, r.grade().graderVersion());
              assertFalse(r.grade().fromJudge());
              assertEquals("correct", by.get("judged").grade().status());
              assertTrue(by.get("judged").grade().fromJudge());
              StoredSample l = by.get("lost");
              assertEquals(2, l.generation().request().samplesPerProblem());
              assertEquals(ErrorClass.SERVER_ERROR, l.generation().errorClass());
              assertEquals("request_error", l.grade().status());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }
}
