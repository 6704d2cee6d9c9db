package io.mathbeam.core.choice;

import static io.mathbeam.core.choice.MultipleChoiceTest.assertMessage;
import static org.junit.Assert.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.List;
import org.junit.Test;

public class GoldIndexTest {
  private static final List<String> OPTIONS = List.of("Paris", "London", " Rome ", "Berlin");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  public void anIntegerIsAZeroBasedIndex() {
    assertEquals(0, MultipleChoice.goldIndexOf(0, OPTIONS));
    assertEquals(3, MultipleChoice.goldIndexOf(3L, OPTIONS));
    assertEquals(2, MultipleChoice.goldIndexOf(2.0, OPTIONS));
    assertEquals(1, MultipleChoice.goldIndexOf(new BigDecimal("1"), OPTIONS));
  }

  @Test
  public void aLetterInAnyUsualFormNamesThatOption() {
    assertEquals(1, MultipleChoice.goldIndexOf("B", OPTIONS));
    assertEquals(1, MultipleChoice.goldIndexOf("(B)", OPTIONS));
    assertEquals(1, MultipleChoice.goldIndexOf("B)", OPTIONS));
    assertEquals(1, MultipleChoice.goldIndexOf("B.", OPTIONS));
    assertEquals(3, MultipleChoice.goldIndexOf("  D ", OPTIONS));
  }

  @Test
  public void anOptionTextNamesThatOptionCaseSensitiveFirst() {
    assertEquals(1, MultipleChoice.goldIndexOf("London", OPTIONS));
    assertEquals(2, MultipleChoice.goldIndexOf("Rome", OPTIONS));
    assertEquals(0, MultipleChoice.goldIndexOf(" paris ", OPTIONS));
    assertEquals(1, MultipleChoice.goldIndexOf("b", List.of("a", "b", "B")));
  }

  @Test
  public void anOptionTextPastTheLettersStillNamesItsOption() {
    // "E" is no letter of these four options, but it is the text of option C
    assertEquals(2, MultipleChoice.goldIndexOf("E", List.of("3", "4", "E", "F")));
  }

  @Test
  public void readsJacksonNodesAndOneElementLists() throws Exception {
    assertEquals(2, MultipleChoice.goldIndexOf(JSON.readTree("2"), OPTIONS));
    assertEquals(2, MultipleChoice.goldIndexOf(JSON.readTree("\"C\""), OPTIONS));
    assertEquals(3, MultipleChoice.goldIndexOf(JSON.readTree("\"Berlin\""), OPTIONS));
    assertEquals(0, MultipleChoice.goldIndexOf(JSON.readTree("[\"(A)\"]"), OPTIONS));
    assertEquals(1, MultipleChoice.goldIndexOf(List.of("London"), OPTIONS));
  }

  @Test
  public void aLetterBeyondTheOptionsNamesNoOption() {
    assertMessage(
        "answer 'F' names no option: there are 4 (A-D)",
        () -> MultipleChoice.goldIndexOf("F", OPTIONS));
    assertMessage(
        "answer '(E)' names no option: there are 4 (A-D)",
        () -> MultipleChoice.goldIndexOf("(E)", OPTIONS));
  }

  @Test
  public void anIndexOutOfRangeOrNotWholeIsRejected() throws Exception {
    assertMessage(
        "answer index 4 names no option: there are 4 options (0-3)",
        () -> MultipleChoice.goldIndexOf(4, OPTIONS));
    assertMessage(
        "answer index -1 names no option: there are 4 options (0-3)",
        () -> MultipleChoice.goldIndexOf(JSON.readTree("-1"), OPTIONS));
    assertMessage(
        "answer 1.5 is not a whole number, so not an option index",
        () -> MultipleChoice.goldIndexOf(1.5, OPTIONS));
  }

  @Test
  public void textMatchingNoOptionIsRejectedWithAHint() {
    assertMessage(
        "answer 'Madrid' names no option: it is not a letter A-D and no option's text is equal"
            + " to it",
        () -> MultipleChoice.goldIndexOf("Madrid", OPTIONS));
    assertMessage(
        "answer '2' names no option: it is not a letter A-D and no option's text is equal to it"
            + " (an index must be a number, not a string)",
        () -> MultipleChoice.goldIndexOf("2", OPTIONS));
  }

  @Test
  public void ambiguousAnswersAreRejected() {
    assertMessage(
        "answer 'A' is ambiguous: it is the letter of option A and the text of option B",
        () -> MultipleChoice.goldIndexOf("A", List.of("B", "A")));
    assertMessage(
        "answer 'same' is ambiguous: options B and C both have that text",
        () -> MultipleChoice.goldIndexOf("same", List.of("other", "same", "same ")));
    assertMessage(
        "answer 'x' is ambiguous: options A and B both have that text",
        () -> MultipleChoice.goldIndexOf("x", List.of("X", "X ", "y")));
  }

  @Test
  public void missingBlankAndOtherKindsOfAnswerAreRejected() throws Exception {
    assertMessage("answer is missing", () -> MultipleChoice.goldIndexOf(null, OPTIONS));
    assertMessage(
        "answer is missing", () -> MultipleChoice.goldIndexOf(JSON.readTree("null"), OPTIONS));
    assertMessage("answer is blank", () -> MultipleChoice.goldIndexOf("  ", OPTIONS));
    assertMessage(
        "answer true is a Boolean; it must be a 0-based index, a letter or an option's text",
        () -> MultipleChoice.goldIndexOf(true, OPTIONS));
    assertMessage(
        "answer {\"a\":1} is a JSON object; it must be a 0-based index, a letter or an option's"
            + " text",
        () -> MultipleChoice.goldIndexOf(JSON.readTree("{\"a\":1}"), OPTIONS));
    assertMessage(
        "answer is a list of 2 values; it must name one option by index, letter or text",
        () -> MultipleChoice.goldIndexOf(List.of("A", "B"), OPTIONS));
  }

  @Test
  public void unusableOptionsAreRejected() {
    assertMessage(
        "there are 1 options; a multiple-choice problem needs 2 to 26",
        () -> MultipleChoice.goldIndexOf("A", List.of("only")));
    assertMessage("the options are missing", () -> MultipleChoice.goldIndexOf("A", null));
  }
}
