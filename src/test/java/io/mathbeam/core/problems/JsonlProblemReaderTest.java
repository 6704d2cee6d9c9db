package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Test;

public class JsonlProblemReaderTest {
  private static CollectingSink read(String text, FieldMapping mapping) throws IOException {
    CollectingSink sink = new CollectingSink();
    JsonlProblemReader.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        "in.jsonl",
        new RowParser(mapping, "ds", 4),
        sink);
    return sink;
  }

  @Test
  public void readsRowsWithStringNumberAndListAnswers() throws IOException {
    CollectingSink sink =
        read(
            "{\"id\":\"a\",\"problem\":\"1+1?\",\"answer\":\"2\"}\n"
                + "\n"
                + "{\"id\":7,\"problem\":\"half?\",\"answer\":[\"\\\\frac{1}{2}\",\"0.5\"]}\n"
                + "{\"id\":\"c\",\"problem\":\"x\",\"answer\":27.0,\"extra\":{\"k\":1}}\n",
            FieldMapping.DEFAULT);
    assertEquals(List.of(), sink.rejected);
    assertEquals(3, sink.problems.size());
    assertEquals("a", sink.problems.get(0).problemId());
    assertEquals("in.jsonl:1", sink.problems.get(0).source());
    assertEquals("7", sink.problems.get(1).problemId());
    assertEquals(List.of("\\frac{1}{2}", "0.5"), sink.problems.get(1).goldAnswers());
    assertEquals("in.jsonl:3", sink.problems.get(1).source());
    // numeric answers become text; Jackson normalises the decimal 27.0 to 27
    assertEquals(List.of("27"), sink.problems.get(2).goldAnswers());
    assertEquals(4, sink.problems.get(0).samples());
  }

  @Test
  public void goldsTheDatasetDeclaresToBeSeveralValuesAreReadAsLists() throws IOException {
    CollectingSink sink =
        read(
            "{\"id\":\"ob\",\"problem\":\"all n?\",\"answer\":\"1,3\","
                + "\"is_multiple_answer\":true}\n"
                + "{\"id\":\"math\",\"problem\":\"Enter all the integer roots, separated by"
                + " commas.\",\"answer\":\"-2,1\"}\n"
                + "{\"id\":\"plain\",\"problem\":\"x?\",\"answer\":\"3,5\"}\n"
                + "{\"id\":\"thousands\",\"problem\":\"n?\",\"answer\":\"1,234\","
                + "\"is_multiple_answer\":true}\n",
            FieldMapping.DEFAULT);
    assertEquals(List.of(), sink.rejected);
    assertEquals(List.of("1, 3"), sink.problems.get(0).goldAnswers());
    assertEquals(List.of("-2, 1"), sink.problems.get(1).goldAnswers());
    // undeclared, 3,5 stays as written: the grader reads it both ways
    assertEquals(List.of("3,5"), sink.problems.get(2).goldAnswers());
    // no decimal comma explains 1,234, so the declaration changes nothing
    assertEquals(List.of("1,234"), sink.problems.get(3).goldAnswers());
  }

  @Test
  public void rejectsBadJsonMissingFieldsAndEmptyProblemNamingLineAndField() throws IOException {
    CollectingSink sink =
        read(
            "{\"id\":\"a\",\"problem\":\"ok\",\"answer\":\"1\"}\n"
                + "{\"id\":\"b\",\"problem\":\"broken\n"
                + "{\"id\":\"c\",\"answer\":\"1\"}\n"
                + "{\"id\":\"d\",\"problem\":\"   \",\"answer\":\"1\"}\n"
                + "{\"problem\":\"p\",\"answer\":\"1\"}\n"
                + "{\"id\":\"f\",\"problem\":\"p\",\"answer\":[]}\n"
                + "[1,2]\n",
            FieldMapping.DEFAULT);
    assertEquals(1, sink.problems.size());
    assertEquals(6, sink.rejected.size());
    assertEquals(2, sink.rejected.get(0).line());
    assertTrue(
        sink.rejected.get(0).reason(), sink.rejected.get(0).reason().startsWith("invalid JSON"));
    assertEquals("problem", sink.rejected.get(1).field());
    assertEquals("missing (the row's fields: id, answer)", sink.rejected.get(1).reason());
    assertEquals(
        "in.jsonl:4: field 'problem': empty or not a text value", sink.rejected.get(2).describe());
    assertEquals("id", sink.rejected.get(3).field());
    assertEquals("answer", sink.rejected.get(4).field());
    assertEquals(7, sink.rejected.get(5).line());
  }

  @Test
  public void honoursCustomKeysAndRowNumbering() throws IOException {
    CollectingSink sink =
        read(
            "{\"question\":\"q1\",\"gt\":\"5\"}\n{\"question\":\"q2\",\"gt\":\"6\"}\n",
            new FieldMapping("", "question", "gt"));
    assertEquals(2, sink.problems.size());
    assertEquals("row-2", sink.problems.get(1).problemId());
    assertEquals("q2", sink.problems.get(1).problem());
  }

  @Test
  public void readsEverySharedBenchmarkWithoutRejections() throws IOException {
    Path dir = SharedData.datasets();
    List<Path> files;
    try (var list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
    }
    assertTrue(files.size() >= 8);
    for (Path file : files) {
      CollectingSink sink = new CollectingSink();
      try (InputStream in = Files.newInputStream(file)) {
        JsonlProblemReader.read(
            in, file.toString(), new RowParser(FieldMapping.DEFAULT, "x", 1), sink);
      }
      long lines = Files.lines(file).filter(l -> !l.isBlank()).count();
      assertEquals(file + ": " + sink.rejected, List.of(), sink.rejected);
      assertEquals(file.toString(), lines, sink.problems.size());
    }
  }
}
