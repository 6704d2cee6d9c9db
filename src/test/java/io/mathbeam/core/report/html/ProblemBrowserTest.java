package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class ProblemBrowserTest {
  private static ProblemView problem(String id, int... responseLengths) {
    List<SampleView> samples = new ArrayList<>();
    for (int i = 0; i < responseLengths.length; i++) {
      samples.add(
          new SampleView(i, "INCORRECT", "1", false, "stop", 10, "r".repeat(responseLengths[i])));
    }
    return new ProblemView("ds", id, "text", List.of("2"), samples);
  }

  @Test
  public void planKeepsTheLimitsWhenEverythingFits() {
    ReportLimits limits = new ReportLimits(8, 20_000, 1000, 1_000_000, 100);
    assertEquals(
        new ResponsePlan(8, 20_000), ResponsePlan.of(List.of(problem("a", 100, 50_000)), limits));
  }

  @Test
  public void waterFillingKeepsShortResponsesWholeAndSharesTheRest() {
    assertEquals(4_700, ResponsePlan.waterFill(new int[] {10_000, 100, 200}, 5_000, 20_000));
    assertEquals(2_500, ResponsePlan.waterFill(new int[] {9_000, 9_000}, 5_000, 20_000));
    assertEquals(20_000, ResponsePlan.waterFill(new int[] {9_000, 9_000}, 50_000, 20_000));
    assertEquals(0, ResponsePlan.waterFill(new int[] {9_000}, 0, 20_000));
  }

  @Test
  public void fewerResponsesPerProblemRatherThanACapBelowTheMinimum() {
    List<ProblemView> problems = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      problems.add(problem("p" + i, 3_000, 3_000, 3_000, 3_000));
    }
    // 4 per problem would allow 500 chars each, 3 would allow 666; 2 allow 1,000.
    ReportLimits limits = new ReportLimits(4, 20_000, 1000, 40_000, 1_000);
    assertEquals(new ResponsePlan(2, 1_000), ResponsePlan.of(problems, limits));
  }

  @Test
  public void capFallsToTheHardMinimumOnlyAtTwoResponsesPerProblem() {
    ReportLimits limits = new ReportLimits(8, 20_000, 1000, 100, 800);
    assertEquals(
        new ResponsePlan(2, ResponsePlan.HARD_MIN_CHARS),
        ResponsePlan.of(List.of(problem("c", 5_000, 5_000, 5_000)), limits));
  }

  @Test
  public void chosenSamplesCoverEveryOutcomeFirstThenTheEarliest() {
    List<SampleView> samples =
        List.of(
            new SampleView(0, "INCORRECT", "1", false, "stop", 1, "a"),
            new SampleView(1, "INCORRECT", "1", false, "stop", 1, "b"),
            new SampleView(2, "INCORRECT", "1", false, "stop", 1, "c"),
            new SampleView(3, "CORRECT", "2", true, "stop", 1, "d"),
            new SampleView(4, "NO_ANSWER", null, false, "length", 1, "e"),
            new SampleView(5, "CORRECT", "2", true, "stop", 1, "f"));
    ProblemView p = new ProblemView("ds", "x", "t", List.of("2"), samples);
    assertEquals(List.of(0, 3), indices(ResponsePlan.chosen(p, 2)));
    assertEquals(List.of(0, 1, 3, 4), indices(ResponsePlan.chosen(p, 4)));
    assertEquals(List.of(0, 1, 2, 3, 4, 5), indices(ResponsePlan.chosen(p, 8)));
  }

  private static List<Integer> indices(List<SampleView> samples) {
    List<Integer> out = new ArrayList<>();
    for (SampleView s : samples) {
      out.add(s.index());
    }
    return out;
  }

  @Test
  public void renderedBudgetIsKeptAndTheNoticeSaysSo() throws Exception {
    List<ProblemView> problems = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      problems.add(problem("p" + i, 3_000, 3_000, 3_000, 3_000));
    }
    ReportLimits limits = new ReportLimits(2, 20_000, 1000, 40_000, 100);
    StringBuilder out = new StringBuilder();
    ProblemBrowser.Omissions o = ProblemBrowser.render(out, problems, limits);
    assertEquals(80, o.samples());
    assertEquals(40, o.embedded());
    assertEquals(1_000, o.responseCap());
    assertEquals(40, o.shortened());
    assertTrue(o.embeddedChars() <= 40_000);
    String html = out.toString();
    assertTrue(html.contains("cap lowered from 20,000 to keep the embedded text near 40,000"));
    assertTrue(html.contains("[\u2026 2,000 of 3,000 characters left out here \u2026]"));
    assertEquals(20, PageStructure.count(html, "2 more samples not embedded"));
    assertFalse(html.contains("fewer than the usual"));
    StringBuilder fewerHtml = new StringBuilder();
    ProblemBrowser.Omissions fewer =
        ProblemBrowser.render(
            fewerHtml, problems, new ReportLimits(4, 20_000, 1000, 40_000, 1_000));
    assertEquals(2, fewer.perProblem());
    assertEquals(40, fewer.embedded());
    assertTrue(
        fewerHtml.toString(),
        fewerHtml
            .toString()
            .contains(
                "at most 2 per problem: the first of each outcome, then the earliest), fewer than"
                    + " the usual 4 to keep the embedded text near 40,000 characters."));
  }

  @Test
  public void longProblemStatementIsCutWithANote() {
    ProblemView p = new ProblemView("ds", "long", "q".repeat(150), List.of(), List.of());
    StringBuilder out = new StringBuilder();
    ProblemBrowser.Omissions o =
        ProblemBrowser.render(out, List.of(p), new ReportLimits(8, 100, 100, 1000, 10));
    assertEquals(1, o.problemsCut());
    assertTrue(out.toString().contains("problem statement cut: 50 more characters"));
    assertTrue(out.toString().contains("<em>none given</em>"));
    assertFalse(out.toString().contains("q".repeat(101)));
  }

  @Test
  public void cutsNeverSplitASurrogatePair() {
    String emoji = "\ud83d\ude00";
    String response = "a" + emoji.repeat(100);
    ProblemView p =
        new ProblemView(
            "ds",
            "e",
            "t",
            List.of(),
            List.of(new SampleView(0, "CORRECT", "1", true, "stop", 1, response)));
    StringBuilder out = new StringBuilder();
    ProblemBrowser.render(out, List.of(p), new ReportLimits(8, 30, 100, 1000, 10));
    String html = out.toString();
    for (int i = 0; i < html.length(); i++) {
      char c = html.charAt(i);
      if (Character.isHighSurrogate(c)) {
        assertTrue(Character.isLowSurrogate(html.charAt(i + 1)));
      } else if (Character.isLowSurrogate(c)) {
        assertTrue(Character.isHighSurrogate(html.charAt(i - 1)));
      }
    }
  }
}
