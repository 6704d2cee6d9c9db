package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.SampleRequests;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.Test;

public class MultipleChoiceRowsTest {
  private static CollectingSink jsonl(String text) throws IOException {
    CollectingSink sink = new CollectingSink();
    JsonlProblemReader.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        "mc.jsonl",
        new RowParser(FieldMapping.DEFAULT, "mc", 4),
        sink);
    return sink;
  }

  @Test
  public void choicesWithALetterIndexOrTextGoldBecomeALetter() throws IOException {
    CollectingSink sink =
        jsonl(
            "{\"id\":\"a\",\"problem\":\"Pick 2.\",\"choices\":[\"1\",\"2\",\"3\"],\"answer\":\"(B)\"}\n"
                + "{\"id\":\"b\",\"problem\":\"Pick 3.\",\"choices\":[\"1\",\"2\",\"3\"],\"answer\":2}\n"
                + "{\"id\":\"c\",\"problem\":\"Pick one.\",\"choices\":[\"red\",\"blue\"],\"answer\":\"blue\"}\n");
    assertEquals(List.of(), sink.rejected);
    assertEquals(List.of("B"), sink.problems.get(0).goldAnswers());
    assertEquals(List.of("1", "2", "3"), sink.problems.get(0).choices());
    assertEquals(List.of("C"), sink.problems.get(1).goldAnswers());
    assertEquals(List.of("B"), sink.problems.get(2).goldAnswers());
    assertTrue(sink.problems.get(0).isMultipleChoice());
  }

  @Test
  public void badChoiceRowsAreRejectedNamingTheField() throws IOException {
    CollectingSink sink =
        jsonl(
            "{\"id\":\"a\",\"problem\":\"p\",\"choices\":[\"1\",\"2\"],\"answer\":\"F\"}\n"
                + "{\"id\":\"b\",\"problem\":\"p\",\"choices\":[\"only\"],\"answer\":\"A\"}\n"
                + "{\"id\":\"c\",\"problem\":\"p\",\"choices\":\"1, 2\",\"answer\":\"A\"}\n"
                + "{\"id\":\"d\",\"problem\":\"p\",\"choices\":[\"1\",\"\"],\"answer\":\"A\"}\n"
                + "{\"id\":\"e\",\"problem\":\"p\",\"choices\":[\"1\",\"2\"]}\n");
    assertEquals(List.of(), sink.problems);
    assertEquals(5, sink.rejected.size());
    RejectedRow first = sink.rejected.get(0);
    assertEquals("answer", first.field());
    assertEquals(1, first.line());
    assertTrue(first.reason(), first.reason().contains("'F'"));
    assertEquals(RowParser.CHOICES, sink.rejected.get(1).field());
    assertEquals(RowParser.CHOICES, sink.rejected.get(2).field());
    assertEquals(RowParser.CHOICES, sink.rejected.get(3).field());
    assertEquals("answer", sink.rejected.get(4).field());
    assertEquals("missing", sink.rejected.get(4).reason());
  }

  @Test
  public void csvCellsHoldTheOptionsAsAJsonArray() throws IOException {
    CollectingSink sink = new CollectingSink();
    CsvProblemReader.read(
        new ByteArrayInputStream(
            "id,problem,choices,answer\nq1,Which?,\"[\"\"x\"\",\"\"y\"\"]\",y\n"
                .getBytes(StandardCharsets.UTF_8)),
        "mc.csv",
        new RowParser(FieldMapping.DEFAULT, "mc", 2),
        sink);
    assertEquals(List.of(), sink.rejected);
    assertEquals(List.of("x", "y"), sink.problems.get(0).choices());
    assertEquals(List.of("B"), sink.problems.get(0).goldAnswers());
  }

  @Test
  public void gpqaRowsAreMultipleChoiceWithAPerRecordOrder() throws IOException {
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      rows.append(
          "{\"Record ID\":\"rec"
              + i
              + "\",\"Question\":\"Q"
              + i
              + "?\",\"Correct Answer\":\"right\",\"Incorrect Answer 1\":\"w1\","
              + "\"Incorrect Answer 2\":\"w2\",\"Incorrect Answer 3\":\"w3\"}\n");
    }
    rows.append(
        "{\"Question\":\"Q?\",\"Correct Answer\":\"right\",\"Incorrect Answer 1\":\"w1\"}\n");
    CollectingSink sink = jsonl(rows.toString());
    assertEquals(12, sink.problems.size());
    Set<String> golds = new HashSet<>();
    for (Problem p : sink.problems) {
      String gold = p.goldAnswers().get(0);
      assertEquals("right", p.choices().get(gold.charAt(0) - 'A'));
      golds.add(gold);
    }
    assertTrue("the gold is not always in one place: " + golds, golds.size() > 1);
    assertEquals("rec3", sink.problems.get(3).problemId());
    assertEquals(1, sink.rejected.size());
    assertEquals("Incorrect Answer 2", sink.rejected.get(0).field());
  }

  @Test
  public void samplesListTheOptionsAndShufflingMovesTheGoldLetterWithIt() {
    Problem p =
        new Problem(
            "mc",
            "q",
            "Pick blue.",
            List.of("C"),
            8,
            "f:1",
            List.of("red", "green", "blue", "gray"));
    SampleRequest fixed = SampleRequests.of(p, 0, 7, false);
    assertEquals("Pick blue.\n\nA) red\nB) green\nC) blue\nD) gray", fixed.problem());
    assertEquals(List.of("C"), fixed.goldAnswers());
    Set<String> orders = new HashSet<>();
    for (int i = 0; i < 8; i++) {
      SampleRequest s = SampleRequests.of(p, i, 7, true);
      String gold = s.goldAnswers().get(0);
      assertEquals("blue", s.choices().get(gold.charAt(0) - 'A'));
      assertTrue(s.problem().contains(gold + ") blue"));
      assertEquals(s, SampleRequests.of(p, i, 7, true));
      orders.add(String.join(",", s.choices()));
    }
    assertTrue(orders.size() > 1);
    assertNotEquals(
        SampleRequests.of(p, 0, 7, true).seed(), SampleRequests.of(p, 1, 7, true).seed());
  }
}
