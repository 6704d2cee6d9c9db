package io.mathbeam.core.regrade;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.report.RegradeChangesTable;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class RegradeTallyTest {
  private static GradeComparison compare(
      String dataset,
      int index,
      String oldStatus,
      String oldAnswer,
      GradeStatus now,
      String answer) {
    return compare(dataset, index, oldStatus, oldAnswer, now, answer, "\\boxed{" + answer + "}");
  }

  private static GradeComparison compare(
      String dataset,
      int index,
      String oldStatus,
      String oldAnswer,
      GradeStatus now,
      String answer,
      String response) {
    SampleRequest r = new SampleRequest(dataset, "p" + index, "2+2?", List.of("4"), index, 4, 7L);
    Generation g =
        Generation.builder(r)
            .text(response)
            .finishReason("stop")
            .promptTokens(1)
            .completionTokens(2)
            .latencyMs(3)
            .replica("r")
            .attempts(1)
            .build();
    return GradeComparison.of(
        new StoredGrade(oldStatus, oldAnswer, "g/1", false),
        new GradedSample(g, answer, now, 10),
        "g/2");
  }

  @Test
  public void countsStatusChangesApartFromAnswerOnlyChangesPerDatasetAndPair() {
    RegradeTally a =
        new RegradeTally()
            .add(compare("aime", 0, "incorrect", "5", GradeStatus.CORRECT, "4"))
            .add(compare("aime", 1, "correct", "4", GradeStatus.CORRECT, "4"))
            .add(compare("aime", 2, "correct", "4.0", GradeStatus.CORRECT, "4"));
    RegradeTally b =
        new RegradeTally()
            .add(compare("math", 0, "correct", "4", GradeStatus.UNPARSEABLE, "4)"))
            .add(compare("math", 1, "grader_timeout", "x", GradeStatus.INCORRECT, "x"))
            .add(compare("aime", 3, "incorrect", "5", GradeStatus.CORRECT, "4"));
    RegradeSummary s = a.merge(b).summary("g/2", 100);

    assertEquals(6, s.samples());
    assertEquals(4, s.changed());
    assertEquals(1, s.answerOnly());
    assertEquals(Map.of("g/1", 6L), s.oldGraderVersions());
    assertEquals(
        List.of(
            new StatusMove("incorrect", "correct", 2),
            new StatusMove("correct", "unparseable", 1),
            new StatusMove("grader_timeout", "incorrect", 1)),
        s.moves());
    assertEquals(
        List.of(
            new DatasetChanges("aime", 4, 2, 1, 2, 4), new DatasetChanges("math", 2, 2, 0, 1, 0)),
        s.datasets());
    assertEquals(0.5, s.datasets().get(0).passAt1Change(), 1e-12);
    assertEquals(-0.5, s.datasets().get(1).passAt1Change(), 1e-12);
  }

  @Test
  public void summaryReadsBackFromItsJson() {
    RegradeSummary s =
        new RegradeTally()
            .add(compare("aime", 0, "incorrect", "5", GradeStatus.CORRECT, "4"))
            .add(compare("aime", 1, "correct", "4", GradeStatus.NO_ANSWER, null))
            .summary("g/2", 1);
    RegradeSummary back = RegradeSummary.fromJson(s.toJson());
    assertEquals(s, back);
    assertEquals(1, back.listed());
    assertEquals(1, back.leftOut());
    assertEquals(1, s.toJson().path("changes_left_out").asLong());
  }

  @Test
  public void changeKeepsTheEndOfTheResponseAndCutsLongAnswers() {
    String response = "a".repeat(1000) + "\\boxed{4}";
    VerdictChange c =
        compare("aime", 0, "incorrect", "x".repeat(2000), GradeStatus.CORRECT, "4", response)
            .change();
    assertEquals(response.substring(response.length() - 300), c.responseEnd());
    assertEquals(response.length(), c.responseChars());
    assertEquals(VerdictChange.ANSWER_CHARS + 1, c.oldAnswer().length());
    assertTrue(c.oldAnswer().endsWith("\u2026"));
    assertEquals(c, VerdictChange.fromJson(c.toJson()));
    assertTrue(c.jsonLine(), !c.jsonLine().contains("\n"));
  }

  @Test
  public void excerptsNeverSplitASurrogatePair() {
    String emoji = "\uD83D\uDE00";
    String tail = VerdictChange.tail(emoji.repeat(200));
    assertTrue(Character.isHighSurrogate(tail.charAt(0)));
    String head = VerdictChange.head("x" + emoji.repeat(400));
    assertTrue(Character.isLowSurrogate(head.charAt(head.length() - 2)));
  }

  @Test
  public void unchangedStatusCarriesNoChange() {
    assertNull(compare("aime", 0, "correct", "4", GradeStatus.CORRECT, "4").change());
    assertThrows(
        IllegalArgumentException.class,
        () -> new GradeComparison("d", "correct", "incorrect", false, false, "v", null));
  }

  @Test
  public void printedTableNamesBothVersionsAndTheMoves() {
    RegradeSummary s =
        new RegradeTally()
            .add(compare("aime", 0, "incorrect", "5", GradeStatus.CORRECT, "4"))
            .add(compare("math", 1, "correct", "4", GradeStatus.CORRECT, "4"))
            .summary("g/2", 100);
    String text = RegradeChangesTable.format(s, "/runs/new");
    assertTrue(text, text.contains("(stored grades g/1 -> new grades g/2)"));
    assertTrue(
        text,
        text.contains(
            "1 of 2 samples changed status; 0 kept their status with another extracted answer"));
    assertTrue(text, text.matches("(?s).*\\n  incorrect +correct +1\\n.*"));
    assertTrue(text, text.matches("(?s).*\\n  AIME +1 / +1 +0 +0 -> +1 +\\+100\\.0 pts\\n.*"));
    assertTrue(text, text.matches("(?s).*\\n  ALL +1 / +2 .*"));
    assertTrue(text, text.contains("/runs/new/regrade-changes.jsonl (1 line)"));
  }

  @Test
  public void firstChangesKeepsTheFirstInOrderWhateverTheArrivalAndMerge() {
    List<VerdictChange> all = new java.util.ArrayList<>();
    for (int i = 0; i < 30; i++) {
      all.add(
          compare(i % 2 == 0 ? "b" : "a", i, "incorrect", null, GradeStatus.CORRECT, "4").change());
    }
    List<VerdictChange> expected = new java.util.ArrayList<>(all);
    java.util.Collections.sort(expected);
    java.util.Collections.shuffle(all, new java.util.Random(7));
    FirstChanges left = new FirstChanges(5);
    FirstChanges right = new FirstChanges(5);
    for (int i = 0; i < all.size(); i++) {
      (i < 11 ? left : right).add(all.get(i));
    }
    assertEquals(expected.subList(0, 5), left.merge(right).sorted());
    assertEquals(List.of(), new FirstChanges(0).add(all.get(0)).sorted());
    assertEquals(expected.get(0).dataset(), "a");
  }
}
