package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.answered;
import static io.mathbeam.transforms.TestSamples.request;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ParquetRecordsTest {
  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static String glob;

  /** Problems p0..p199 of datasets a and b, three samples each, in many small row groups. */
  @BeforeClass
  public static void writeSamples() throws Exception {
    Path samples = tmp.newFolder("samples").toPath();
    write(samples.resolve("a.parquet"), "a", 200);
    write(samples.resolve("b.parquet"), "b", 200);
    glob = samples + "/*.parquet";
  }

  /**
   * Three samples of each of problems p0..p{problems-1} of {@code dataset}, in small row groups.
   */
  private static void write(Path file, String dataset, int problems) throws Exception {
    ParquetRecordSink sink = new ParquetRecordSink(OutputSchemas.SAMPLE, 4 << 10);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      sink.open(channel);
      for (int p = 0; p < problems; p++) {
        for (int s = 0; s < 3; s++) {
          String text = response(dataset, p, s);
          GradedSample graded =
              new GradedSample(
                  answered(request(dataset, "p" + p, s, "1"), text), "1", GradeStatus.INCORRECT, 1);
          sink.write(OutputSchemas.sampleRecord(graded));
        }
      }
      sink.flush();
    }
  }

  private static List<String> responses(List<String> columns, Set<String> keys) throws Exception {
    List<String> out = new ArrayList<>();
    ParquetRecords.forEachWithKey(
        glob,
        OutputSchemas.SAMPLE_RESPONSE,
        columns,
        keys,
        r ->
            out.add(
                r.get("data_source")
                    + "/"
                    + r.get("problem_id")
                    + "/"
                    + r.get("sample_index")
                    + ": "
                    + r.get("response")));
    return out;
  }

  private static String response(String dataset, int problem, int sample) {
    return "work ".repeat(30) + "\\boxed{" + dataset + problem + "-" + sample + "}";
  }

  @Test
  public void onlyTheRowsWhoseKeyIsInTheSetAreRead() throws Exception {
    List<String> read =
        responses(
            List.of("data_source", "problem_id"),
            Set.of(ParquetRecords.key("b", "p3"), ParquetRecords.key("b", "p150")));

    List<String> expected = new ArrayList<>();
    for (int p : new int[] {3, 150}) {
      for (int s = 0; s < 3; s++) {
        expected.add("b/p" + p + "/" + s + ": " + response("b", p, s));
      }
    }
    // a's p3 and p150 have a kept id in another dataset: skipped; the kept rows come whole and in
    // file order, from the first row group and from a later one
    assertEquals(expected, read);
  }

  @Test
  public void anIntegerColumnCanBePartOfTheKey() throws Exception {
    List<String> read =
        responses(
            List.of("data_source", "problem_id", "sample_index"),
            Set.of(ParquetRecords.key("a", "p7", 1), ParquetRecords.key("b", "p199", 2)));

    Collections.sort(read); // the files come in the file system's order
    assertEquals(
        List.of("a/p7/1: " + response("a", 7, 1), "b/p199/2: " + response("b", 199, 2)), read);
  }

  @Test
  public void aColumnChunkOfManyReadPiecesReadsBackWhole() throws Exception {
    // random texts do not compress: the row group's response chunk spans several read pieces, so
    // pages cross from one piece to the next
    Path file = tmp.newFolder("large").toPath().resolve("large.parquet");
    Random random = new Random(31);
    List<String> written = new ArrayList<>();
    ParquetRecordSink sink = new ParquetRecordSink(OutputSchemas.SAMPLE, 64L << 20);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      sink.open(channel);
      for (int s = 0; s < 400; s++) {
        StringBuilder text = new StringBuilder();
        for (int c = 0; c < 12_000; c++) {
          text.append((char) ('!' + random.nextInt(90)));
        }
        written.add(text.toString());
        GradedSample graded =
            new GradedSample(
                answered(request("big", "p" + s, 0, "1"), text.toString()),
                "1",
                GradeStatus.INCORRECT,
                1);
        sink.write(OutputSchemas.sampleRecord(graded));
      }
      sink.flush();
    }
    assertTrue(
        "the chunk must exceed a read piece",
        Files.size(file) > 4L * ParquetRecords.READ_ALLOCATION_BYTES);

    List<String> read = new ArrayList<>();
    ParquetRecords.forEach(
        file.toString(),
        OutputSchemas.SAMPLE_RESPONSE,
        r -> read.add(r.get("response").toString()));
    assertEquals(written, read);
  }

  @Test
  public void noKeysReadNothingAndAKeyColumnOutsideTheProjectionIsRefused() throws Exception {
    assertEquals(List.of(), responses(List.of("problem_id"), Set.of()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                responses(List.of("data_source", "status"), Set.of(ParquetRecords.key("a", "x"))));
    assertTrue(e.getMessage(), e.getMessage().contains("status"));
  }
}
