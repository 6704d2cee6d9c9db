package io.mathbeam.core.choice;

import static io.mathbeam.core.choice.MultipleChoiceTest.assertMessage;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

public class GpqaRowTest {

  private static Map<String, String> row(String id) {
    Map<String, String> fields = new HashMap<>();
    fields.put("Question", "  Which particle mediates the strong force?\n");
    fields.put("Correct Answer", " gluon");
    fields.put("Incorrect Answer 1", "photon");
    fields.put("Incorrect Answer 2", "W boson\n");
    fields.put("Incorrect Answer 3", "graviton");
    if (id != null) {
      fields.put("Record ID", id);
    }
    return fields;
  }

  @Test
  public void readsTheQuestionIdAndFourOptionsWithTheCorrectOneMarked() {
    GpqaRow parsed = GpqaRow.from(row("recXYZ123"));
    assertEquals("recXYZ123", parsed.id());
    assertEquals("Which particle mediates the strong force?", parsed.question());
    assertEquals(
        Set.of("gluon", "photon", "W boson", "graviton"),
        new HashSet<>(parsed.choices().options()));
    assertEquals("gluon", parsed.choices().goldOption());
  }

  @Test
  public void orderDependsOnlyOnTheRecordId() {
    Map<String, String> first = row("rec1");
    Map<String, String> second = row("rec1");
    second.put("Question", "a different question text");
    assertEquals(GpqaRow.from(first).choices(), GpqaRow.from(second).choices());
    // pinned: the order for an id must not change between releases
    assertEquals(
        new MultipleChoice(List.of("graviton", "photon", "W boson", "gluon"), 3),
        GpqaRow.from(row("recABC")).choices());
  }

  @Test
  public void withoutAnIdTheOrderComesFromTheQuestion() {
    Map<String, String> fields = row(null);
    GpqaRow parsed = GpqaRow.from(fields);
    assertNull(parsed.id());
    assertEquals(parsed, GpqaRow.from(fields));
    Map<String, String> blankId = row("  ");
    assertNull(GpqaRow.from(blankId).id());
    assertEquals(parsed.choices(), GpqaRow.from(blankId).choices());
  }

  @Test
  public void theCorrectOptionLandsOnEveryLetterAcrossIds() {
    int[] counts = new int[4];
    for (int i = 0; i < 400; i++) {
      counts[GpqaRow.from(row("rec" + i)).choices().goldIndex()]++;
    }
    for (int count : counts) {
      assertTrue(java.util.Arrays.toString(counts), count > 60 && count < 140);
    }
  }

  @Test
  public void aMissingOrBlankFieldIsNamed() {
    for (String field :
        List.of(
            "Question",
            "Correct Answer",
            "Incorrect Answer 1",
            "Incorrect Answer 2",
            "Incorrect Answer 3")) {
      Map<String, String> missing = row("rec1");
      missing.remove(field);
      assertMessage("field '" + field + "' is missing", () -> GpqaRow.from(missing));
      Map<String, String> blank = row("rec1");
      blank.put(field, " \n ");
      assertMessage("field '" + field + "' is blank", () -> GpqaRow.from(blank));
    }
  }

  @Test
  public void renderedPromptListsTheShuffledOptions() {
    GpqaRow parsed = GpqaRow.from(row("recABC"));
    assertEquals(
        "Which particle mediates the strong force?\n\n"
            + "A) graviton\nB) photon\nC) W boson\nD) gluon",
        parsed.choices().render(parsed.question()));
    assertEquals("D", parsed.choices().goldLetter());
  }
}
