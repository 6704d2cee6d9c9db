package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.Test;

public class CsvProblemReaderTest {
  private static CollectingSink read(String text) throws IOException {
    CollectingSink sink = new CollectingSink();
    CsvProblemReader.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        "in.csv",
        new RowParser(FieldMapping.DEFAULT, "ds", 2),
        sink);
    return sink;
  }

  @Test
  public void readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws IOException {
    CollectingSink sink =
        read(
            "id,problem,answer\r\n"
                + "p1,\"Find x, given \"\"y\"\".\",3\r\n"
                + "p2,\"Line one\nline two\",\"(1,2)\"\n"
                + "p3,plain,\"[\"\"1/2\"\",\"\"0.5\"\"]\"\n");
    assertEquals(List.of(), sink.rejected);
    assertEquals(3, sink.problems.size());
    assertEquals("Find x, given \"y\".", sink.problems.get(0).problem());
    assertEquals("Line one\nline two", sink.problems.get(1).problem());
    assertEquals(List.of("(1,2)"), sink.problems.get(1).goldAnswers());
    assertEquals("in.csv:3", sink.problems.get(1).source());
    assertEquals(List.of("1/2", "0.5"), sink.problems.get(2).goldAnswers());
    assertEquals("in.csv:5", sink.problems.get(2).source());
  }

  @Test
  public void rejectsWrongColumnCountEmptyFieldsAndUnterminatedQuotes() throws IOException {
    CollectingSink sink =
        read("id,problem,answer\np1,only two\np2,,4\np3,ok,5\np4,\"never closed,6\n");
    assertEquals(1, sink.problems.size());
    assertEquals(3, sink.rejected.size());
    assertEquals("in.csv:2: expected 3 columns, found 2", sink.rejected.get(0).describe());
    assertEquals("problem", sink.rejected.get(1).field());
    assertEquals(3, sink.rejected.get(1).line());
    assertEquals("unterminated quoted field", sink.rejected.get(2).reason());
    assertEquals(5, sink.rejected.get(2).line());
  }
}
