package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.model.GradeStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class GradeFileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private Path write(String... lines) throws Exception {
    Path input = folder.newFile().toPath();
    Files.write(input, List.of(lines), StandardCharsets.UTF_8);
    return input;
  }

  @Test
  public void roundTripRepeatsInputFieldsAndAddsTheVerdict() throws Exception {
    Path input =
        write(
            "{\"id\":\"a\",\"gold\":\"\\\\frac{1}{2}\",\"pred\":\"So"
                + " \\\\boxed{0.5}.\",\"expected\":true}",
            "",
            "{\"id\":\"b\",\"gold\":[\"3\",\"4\"],\"pred\":\"4\","
                + "\"pred_is_extracted_answer\":true,\"expected\":false}",
            "{\"id\":\"c\",\"gold\":\"7\",\"pred\":\"no idea\"}");
    Path output = folder.getRoot().toPath().resolve("out.jsonl");

    GradeFile.Summary summary = GradeFile.run(input, output, new Grader());

    List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
    assertEquals(3, lines.size());
    JsonNode first = JSON.readTree(lines.get(0));
    assertEquals("a", first.get("id").asText());
    assertEquals("So \\boxed{0.5}.", first.get("pred").asText());
    assertTrue(first.get("expected").asBoolean());
    assertTrue(first.get("verdict").asBoolean());
    assertEquals("correct", first.get("status").asText());
    assertEquals("0.5", first.get("extracted").asText());
    assertTrue(first.get("micros").canConvertToLong());
    for (String line : lines) {
      assertEquals(Grader.VERSION, JSON.readTree(line).get("grader_version").asText());
    }
    JsonNode second = JSON.readTree(lines.get(1));
    assertTrue(second.get("verdict").asBoolean());
    JsonNode third = JSON.readTree(lines.get(2));
    assertFalse(third.get("verdict").asBoolean());
    assertEquals("no_answer", third.get("status").asText());
    assertTrue(third.get("extracted").isNull());

    assertEquals(3, summary.graded());
    assertEquals(2, summary.withExpected());
    assertEquals(1, summary.agreements());
    assertEquals(0.5, summary.agreementFraction(), 1e-12);
    assertEquals(2L, (long) summary.statuses().get(GradeStatus.CORRECT));
    assertTrue(summary.casesPerSecond() > 0);
    assertTrue(summary.format(), summary.format().contains("agreement with expected: 1/2"));
    assertEquals(Grader.VERSION, summary.graderVersion());
    assertTrue(summary.format(), summary.format().contains(Grader.VERSION));
  }

  @Test
  public void summaryWithoutExpectedHasNoAgreement() throws Exception {
    Path input = write("{\"gold\":\"1\",\"pred\":\"1\",\"pred_is_extracted_answer\":true}");
    GradeFile.Summary summary =
        GradeFile.run(input, folder.getRoot().toPath().resolve("o.jsonl"), new Grader());
    assertTrue(Double.isNaN(summary.agreementFraction()));
    assertFalse(summary.format().contains("agreement"));
  }

  private void rejects(String badLine, long line, String field) throws Exception {
    Path input = write("{\"gold\":\"1\",\"pred\":\"1\"}", badLine);
    try {
      GradeFile.run(input, folder.getRoot().toPath().resolve("bad.jsonl"), new Grader());
      fail("accepted " + badLine);
    } catch (GradeFileException e) {
      assertEquals(input, e.file());
      assertEquals(line, e.line());
      if (field == null) {
        assertNull(e.field());
      } else {
        assertEquals(field, e.field());
        assertTrue(e.getMessage(), e.getMessage().contains("'" + field + "'"));
      }
      assertTrue(e.getMessage(), e.getMessage().contains(input + ":" + line));
    }
  }

  @Test
  public void badLinesNameTheFileLineAndField() throws Exception {
    rejects("{not json", 2, null);
    rejects("[1,2]", 2, null);
    rejects("{\"pred\":\"1\"}", 2, "gold");
    rejects("{\"gold\":[],\"pred\":\"1\"}", 2, "gold");
    rejects("{\"gold\":\"1\"}", 2, "pred");
    rejects("{\"gold\":\"1\",\"pred\":{\"a\":1}}", 2, "pred");
    rejects("{\"gold\":\"1\",\"pred\":\"1\",\"expected\":\"yes\"}", 2, "expected");
    rejects(
        "{\"gold\":\"1\",\"pred\":\"1\",\"pred_is_extracted_answer\":1}",
        2,
        "pred_is_extracted_answer");
  }
}
