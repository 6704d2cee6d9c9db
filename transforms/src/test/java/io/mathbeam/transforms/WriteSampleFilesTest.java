package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.graded;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import java.io.File;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class WriteSampleFilesTest {
  private static final int SAMPLES = 50;

  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void everySampleLandsOnceInNumberedFilesAndNoTemporaryFileIsLeft() throws Exception {
    File out = tmp.newFolder("run");
    // what a failed attempt left in the temporary folder: never named downstream, removed
    File orphan = new File(out, WriteSampleFiles.TEMP_DIR + "/lost-attempt.parquet");
    assertTrue(orphan.getParentFile().mkdirs() && orphan.createNewFile());
    List<GradedSample> samples = new ArrayList<>();
    for (int i = 0; i < SAMPLES; i++) {
      samples.add(graded("d", "p" + i, 0, Integer.toString(i), GradeStatus.INCORRECT));
    }
    pipeline
        .apply(Create.of(samples).withCoder(GradedSampleCoder.of()))
        .apply(WriteSampleFiles.to(out.getPath()));
    pipeline.run().waitUntilFinish();

    File[] files = new File(out, "samples").listFiles();
    assertTrue(files != null && files.length > 0);
    for (File f : files) {
      assertTrue(
          f.getName(),
          f.getName()
              .matches("samples-\\d{5}-of-" + String.format("%05d", files.length) + "\\.parquet"));
    }
    Set<String> problems = new HashSet<>();
    for (GenericRecord row : ParquetRecords.readAll(out + "/samples/*.parquet")) {
      assertTrue(problems.add(row.get("problem_id").toString()));
      assertEquals("incorrect", row.get("status").toString());
    }
    assertEquals(SAMPLES, problems.size());
    assertFalse(new File(out, WriteSampleFiles.TEMP_DIR).exists());
  }
}
