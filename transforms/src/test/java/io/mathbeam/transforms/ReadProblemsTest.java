package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.ProblemFormat;
import io.mathbeam.core.problems.ProblemSource;
import java.io.File;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.parquet.ParquetIO;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ReadProblemsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  private ProblemSource write(String name, String text) throws Exception {
    File f = tmp.newFile(name);
    Files.writeString(f.toPath(), text, StandardCharsets.UTF_8);
    return new ProblemSource(
        f.getPath(), name.substring(0, name.indexOf('.')), 2, ProblemFormat.of(name));
  }

  private ProblemSource writeParquet(String name) throws Exception {
    Schema schema =
        SchemaBuilder.record("row")
            .namespace("mathbeam.test")
            .fields()
            .requiredString("id")
            .requiredString("problem")
            .name("answer")
            .type()
            .array()
            .items()
            .stringType()
            .noDefault()
            .endRecord();
    Path path = tmp.getRoot().toPath().resolve(name);
    ParquetIO.Sink sink = ParquetIO.sink(schema);
    try (FileChannel channel =
        FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      sink.open(channel);
      String[][] rows = {{"q1", "Parquet one", "1/2"}, {"q2", "Parquet two", "3"}, {"q3", "", "4"}};
      for (String[] row : rows) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("id", row[0]);
        r.put("problem", row[1]);
        r.put("answer", List.of(row[2], row[2] + ".0"));
        sink.write(r);
      }
      sink.flush();
    }
    return new ProblemSource(path.toString(), "pq", 3, ProblemFormat.PARQUET);
  }

  @Test
  public void readsAllFormatsAndDeadLettersBadRows() throws Exception {
    ProblemSource jsonl =
        write(
            "alpha.jsonl",
            "{\"id\":\"a1\",\"problem\":\"one\",\"answer\":\"1\"}\n"
                + "{\"id\":\"a2\",\"problem\":\"two\",\"answer\":\"2\"\n"
                + "{\"id\":\"a1\",\"problem\":\"dup\",\"answer\":\"3\"}\n");
    ProblemSource csv = write("beta.csv", "id,problem,answer\nb1,\"x, y\",5\nb2,,6\n");
    ProblemSource parquet = writeParquet("gamma.parquet");

    PCollectionTuple out =
        pipeline.apply(
            ReadProblems.from(List.of(jsonl, csv, parquet)).withFieldMapping(FieldMapping.DEFAULT));
    PAssert.that(out.get(ReadProblems.PROBLEMS))
        .satisfies(
            problems -> {
              List<String> keys = new ArrayList<>();
              for (Problem p : problems) {
                keys.add(p.key() + "|" + p.problem() + "|" + p.goldAnswers() + "|" + p.samples());
              }
              keys.sort(null);
              assertEquals(
                  List.of(
                      "alpha/a1|one|[1]|2",
                      "beta/b1|x, y|[5]|2",
                      "pq/q1|Parquet one|[1/2, 1/2.0]|3",
                      "pq/q2|Parquet two|[3, 3.0]|3"),
                  keys);
              return null;
            });
    PAssert.that(out.get(ReadProblems.REJECTED))
        .satisfies(
            rows -> {
              List<String> described = new ArrayList<>();
              rows.forEach(r -> described.add(r.describe()));
              described.sort(null);
              assertEquals(4, described.size());
              assertTrue(
                  described.get(0), described.get(0).contains("alpha.jsonl:2: invalid JSON"));
              assertTrue(
                  described.get(1),
                  described
                      .get(1)
                      .contains("alpha.jsonl:3: field 'id': duplicate id 'a1' (first at"));
              assertTrue(
                  described.get(2),
                  described
                      .get(2)
                      .endsWith("beta.csv:3: field 'problem': empty or not a text value"));
              assertTrue(
                  described.get(3),
                  described
                      .get(3)
                      .endsWith("gamma.parquet:3: field 'problem': empty or not a text value"));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void failsTheRunAboveTheRejectedFraction() throws Exception {
    ProblemSource jsonl =
        write(
            "bad.jsonl",
            "{\"id\":\"a\",\"problem\":\"p\",\"answer\":\"1\"}\n{not json\n{\"id\":\"c\"}\n");
    Pipeline p = TestPipeline.create().enableAbandonedNodeEnforcement(false);
    PCollection<Problem> problems =
        p.apply(ReadProblems.from(List.of(jsonl))).apply(FailAboveRejectedFraction.of(0.5));
    Exception e = assertThrows(Exception.class, () -> p.run().waitUntilFinish());
    String message = rootMessage(e);
    assertTrue(message, message.contains("2 of 3 input rows were rejected"));
    assertTrue(message, message.contains("bad.jsonl:2: invalid JSON"));
    assertTrue(message, message.contains("bad.jsonl:3: field 'problem': missing"));
  }

  @Test
  public void passesProblemsAtOrBelowTheRejectedFraction() throws Exception {
    ProblemSource jsonl =
        write("ok.jsonl", "{\"id\":\"a\",\"problem\":\"p\",\"answer\":\"1\"}\n{bad\n");
    PCollection<Problem> problems =
        pipeline.apply(ReadProblems.from(List.of(jsonl))).apply(FailAboveRejectedFraction.of(0.5));
    PAssert.that(problems)
        .satisfies(
            ps -> {
              assertEquals(1, StreamSupport.stream(ps.spliterator(), false).count());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void failsARunWithoutAValidProblemWhateverTheFraction() throws Exception {
    // a code benchmark's schema: no row has the question field
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      rows.append("{\"id\":\"t").append(i).append("\",\"prompt\":\"def f():\"}\n");
    }
    ProblemSource jsonl = write("code.jsonl", rows.toString());
    Pipeline p = TestPipeline.create().enableAbandonedNodeEnforcement(false);
    p.apply(ReadProblems.from(List.of(jsonl))).apply(FailAboveRejectedFraction.of(1.0));
    Exception e = assertThrows(Exception.class, () -> p.run().waitUntilFinish());
    String message = rootMessage(e);
    assertTrue(message, message.contains("no valid problem: all 12 input rows were rejected"));
    assertTrue(message, message.contains("code.jsonl:1: field 'problem': missing"));
  }

  @Test
  public void failsARunOfAnEmptyFile() throws Exception {
    ProblemSource jsonl = write("empty.jsonl", "");
    Pipeline p = TestPipeline.create().enableAbandonedNodeEnforcement(false);
    p.apply(ReadProblems.from(List.of(jsonl))).apply(FailAboveRejectedFraction.of(1.0));
    Exception e = assertThrows(Exception.class, () -> p.run().waitUntilFinish());
    assertTrue(rootMessage(e), rootMessage(e).contains("the input holds no problem rows"));
  }

  static String rootMessage(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
      if (t.getCause() == t) {
        break;
      }
    }
    return all.toString();
  }

  @Test
  public void parquetRowsAreCountedFromTheFooter() throws Exception {
    ProblemSource parquet = writeParquet("counted.parquet");
    assertEquals(3, ParquetRecords.count(parquet.path()));
  }
}
