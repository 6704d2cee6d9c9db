package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.answered;
import static io.mathbeam.transforms.TestSamples.request;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.regrade.StoredSample;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.SourceTestUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class StoredSampleSourceTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  /** Writes {@code count} samples of dataset {@code dataset} in row groups of a few KB. */
  private static void write(Path file, String dataset, int count) throws Exception {
    write(file, dataset, count, 8 << 10);
  }

  /**
   * Writes {@code count} samples of dataset {@code dataset} in row groups of about {@code
   * rowGroupBytes}.
   */
  private static void write(Path file, String dataset, int count, long rowGroupBytes)
      throws Exception {
    ParquetRecordSink sink = new ParquetRecordSink(OutputSchemas.SAMPLE, rowGroupBytes);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      sink.open(channel);
      for (int i = 0; i < count; i++) {
        String text = "step ".repeat(40) + "\\boxed{" + i + "}";
        GradedSample graded =
            new GradedSample(
                answered(request(dataset, "p" + i, 0, Integer.toString(i)), text),
                Integer.toString(i),
                GradeStatus.CORRECT,
                1);
        sink.write(OutputSchemas.sampleRecord(graded));
      }
      sink.flush();
    }
  }

  @Test
  public void eachRowGroupIsASplitAndEverySampleIsReadOnce() throws Exception {
    Path samples = tmp.newFolder("run", "samples").toPath();
    write(samples.resolve("a.parquet"), "a", 700);
    write(samples.resolve("b.parquet"), "b", 300);
    String glob = samples + "/*.parquet";
    StoredSampleSource source =
        StoredSampleSource.of(
            glob,
            OutputSchemas.STORED_SAMPLE,
            new ReadStoredSamples.ParseStoredSample(Map.of("a", 1, "b", 1), "old"));
    PipelineOptions options = PipelineOptionsFactory.create();

    List<StoredSampleSource> splits = source.split(1L << 30, options);
    assertTrue(
        "several row groups per file: " + source.rowGroups().size(),
        source.rowGroups().size() >= 6);
    assertEquals(source.rowGroups().size(), splits.size());
    // the splits together read what the whole source reads, nothing twice
    SourceTestUtils.assertSourcesEqualReferenceSource(source, splits, options);

    Set<String> seen = new HashSet<>();
    List<StoredSample> all = new ArrayList<>();
    for (StoredSampleSource split : splits) {
      assertEquals(1, split.rowGroups().size());
      SourceTestUtils.readFromSource(split, options).forEach(all::addAll);
    }
    for (StoredSample s : all) {
      String key =
          s.generation().request().datasetId() + "/" + s.generation().request().problemId();
      assertTrue("read twice: " + key, seen.add(key));
      assertEquals(s.generation().request().problemId().substring(1), s.grade().extractedAnswer());
      assertEquals("correct", s.grade().status());
    }
    assertEquals(1000, seen.size());
  }

  @Test
  public void aRowGroupIsReadInBatchesOfConsecutiveSamplesAndNoBatchSpansTwoRowGroups()
      throws Exception {
    // one file of row groups of about 128 KB: more samples than a batch holds in each
    Path samples = tmp.newFolder("batches", "samples").toPath();
    write(samples.resolve("a.parquet"), "a", 1500, 128 << 10);
    StoredSampleSource source =
        StoredSampleSource.of(
            samples + "/*.parquet",
            OutputSchemas.STORED_SAMPLE,
            new ReadStoredSamples.ParseStoredSample(Map.of("a", 1), "old"));
    PipelineOptions options = PipelineOptionsFactory.create();
    List<StoredSampleSource.RowGroup> groups = source.rowGroups();
    assertTrue("at least two row groups: " + groups.size(), groups.size() >= 2);

    List<List<StoredSample>> batches = SourceTestUtils.readFromSource(source, options);
    int next = 0;
    int full = 0;
    for (List<StoredSample> batch : batches) {
      assertTrue("batch of " + batch.size(), batch.size() >= 1);
      assertTrue("batch of " + batch.size(), batch.size() <= StoredSampleSource.BATCH_SAMPLES);
      full += batch.size() == StoredSampleSource.BATCH_SAMPLES ? 1 : 0;
      for (StoredSample s : batch) {
        // written in order, one row group after another: read back in the same order
        assertEquals("p" + next++, s.generation().request().problemId());
      }
    }
    assertEquals(1500, next);
    assertTrue(
        "full batches: " + full + " of " + batches.size() + " in " + groups.size() + " groups",
        full >= 2);
    // the batches of each row group on their own add up to its rows, so none crossed a boundary
    int perGroups = 0;
    for (StoredSampleSource split : source.split(1L << 30, options)) {
      List<List<StoredSample>> own = SourceTestUtils.readFromSource(split, options);
      for (int i = 0; i + 1 < own.size(); i++) {
        assertEquals(StoredSampleSource.BATCH_SAMPLES, own.get(i).size());
      }
      perGroups += own.size();
    }
    assertEquals(perGroups, batches.size());
  }

  @Test
  public void textsOutsideLatinOneAndNullsComeBackAsWritten() throws Exception {
    // the row's text fields are written from Utf8s, not Strings: what is read back must be the
    // same text, surrogate pairs and all, and an absent field must stay absent
    Path samples = tmp.newFolder("texts", "samples").toPath();
    String text = "\u2264 \u4e2d\u6587 \ud83d\ude00 $\\frac{1}{2}$ \u00e9\n\\boxed{\u221a2}";
    GradedSample graded =
        new GradedSample(
            answered(request("d", "p0", 0, "\u221a2"), text), "\u221a2", GradeStatus.CORRECT, 1);
    assertEquals(null, graded.generation().reasoning());
    ParquetRecordSink sink = new ParquetRecordSink(OutputSchemas.SAMPLE, 8 << 10);
    try (FileChannel channel =
        FileChannel.open(
            samples.resolve("a.parquet"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      sink.open(channel);
      sink.write(OutputSchemas.sampleRecord(graded));
      sink.flush();
    }
    List<StoredSample> read = new ArrayList<>();
    SourceTestUtils.readFromSource(
            StoredSampleSource.of(
                samples + "/*.parquet",
                OutputSchemas.STORED_SAMPLE,
                new ReadStoredSamples.ParseStoredSample(Map.of("d", 1), "old")),
            PipelineOptionsFactory.create())
        .forEach(read::addAll);
    assertEquals(1, read.size());
    assertEquals(text, read.get(0).generation().text());
    assertEquals(null, read.get(0).generation().reasoning());
    assertEquals("\u221a2", read.get(0).grade().extractedAnswer());
  }

  @Test
  public void aWildcardThatMatchesNothingReadsNothing() throws Exception {
    Path samples = tmp.newFolder("empty", "samples").toPath();
    StoredSampleSource source =
        StoredSampleSource.of(
            samples + "/*.parquet",
            OutputSchemas.STORED_SAMPLE,
            new ReadStoredSamples.ParseStoredSample(Map.of(), "old"));
    PipelineOptions options = PipelineOptionsFactory.create();
    assertEquals(0, source.rowGroups().size());
    assertEquals(List.of(), SourceTestUtils.readFromSource(source, options));
  }
}
