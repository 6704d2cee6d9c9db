package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.regrade.DatasetChanges;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.RegradeTally;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.BeforeClass;
import org.junit.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

public class HtmlReportTest {
  private static ReportData large;
  private static String largePage;
  private static Document largeDoc;

  @BeforeClass
  public static void renderLarge() throws Exception {
    large = SyntheticReports.realistic(30, 500, 16);
    largePage = HtmlReport.render(large);
    largeDoc = PageStructure.parse(largePage);
    System.out.printf(
        "HtmlReportTest: 30 + 500 problems x 16 samples: %,d chars, %,d bytes UTF-8%n",
        largePage.length(), largePage.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  public void realisticPageIsWellFormedWithExpectedSections() throws Exception {
    Document doc = largeDoc;
    assertEquals("html", doc.getDocumentElement().getTagName());
    for (String id : List.of("run", "headline", "dataset-1", "dataset-2", "latency", "problems")) {
      assertEquals(id, 1.0, xpath(doc, "count(//*[@id='" + id + "'])"), 0);
    }
    assertEquals(530.0, xpath(doc, "count(//article)"), 0);
    assertTrue(largePage.contains("Simulated model"));
    assertTrue(largePage.contains("<td>sim/qwen-like-7b</td>"));
  }

  @Test
  public void chartCountMatchesSectionsAndDeclaredMeta() throws Exception {
    // Per dataset: k-curves, solve rates, lengths, no-answer causes; plus one latency chart.
    int expected = 2 * 4 + 1;
    assertEquals(expected, PageStructure.count(largePage, "<svg "));
    assertEquals(expected, PageStructure.count(largePage, "</svg>"));
    assertTrue(
        largePage.contains(
            "<meta name=\"" + HtmlReport.SVG_COUNT_META + "\" content=\"" + expected + "\"/>"));
    Document doc = largeDoc;
    NodeList svgs = doc.getElementsByTagName("svg");
    assertEquals(expected, svgs.getLength());
    assertEquals(expected, xpath(doc, "count(//svg/title)"), 0);
  }

  @Test
  public void historyDrawsOneTrendChartPerDatasetWithAPointPerRun() throws Exception {
    ReportData base = SyntheticReports.realistic(12, 6, 4);
    List<HistoryRow> history =
        List.of(
            new HistoryRow(
                "2026-11-20T02:00:00Z", "night-1", "m", "aime", new Estimate(0.4, 0.3, 0.5)),
            new HistoryRow(
                "2026-11-21T02:00:00Z", "night-2", "m", "aime", new Estimate(0.5, 0.4, 0.6)),
            new HistoryRow("2026-11-22T02:00:00Z", "night-3", "m", "aime", Estimate.of(0.2)),
            new HistoryRow(
                "2026-11-22T02:00:00Z", "night-3", "m", "math", new Estimate(0.7, 0.6, 0.8)));
    ReportData data =
        new ReportData(
            base.title(),
            base.generatedAt(),
            base.simulatedModel(),
            base.runFacts(),
            base.datasets(),
            base.replicas(),
            base.problems(),
            history);
    String page = HtmlReport.render(data);
    Document doc = PageStructure.parse(page);
    assertEquals(2.0, xpath(doc, "count(//*[@id='history']//svg)"), 0);
    assertEquals(4.0, xpath(doc, "count(//*[@id='history']//svg//circle)"), 0);
    // the run without an interval gets no whisker
    assertEquals(3.0, xpath(doc, "count(//*[@id='history']//svg//line[@class='ci-whisker'])"), 0);
    assertTrue(page, page.contains("run 2: night-2 (m, 2026-11-21T02:00:00Z): pass@1 "));
    int declared = PageStructure.count(page, "<svg ");
    assertTrue(page.contains("content=\"" + declared + "\""));
  }

  @Test
  public void regradeChangesGetASectionOnlyInARegradedRun() throws Exception {
    ReportData base = SyntheticReports.realistic(12, 6, 4);
    RegradeSummary changes =
        new RegradeTally()
            .addDataset(new DatasetChanges("aime24", 48, 3, 1, 20, 22))
            .addMove("incorrect", "correct", 2)
            .addMove("correct", "<unparseable>", 1)
            .addOldGraderVersion("grader/1", 48)
            .summary("grader/2", 2);
    ReportData data =
        new ReportData(
            base.title(),
            base.generatedAt(),
            base.simulatedModel(),
            base.runFacts(),
            base.datasets(),
            base.replicas(),
            base.problems(),
            base.history(),
            changes);
    String page = HtmlReport.render(data);
    Document doc = PageStructure.parse(page);
    assertEquals(
        "Changed by regrade",
        XPathFactory.newInstance()
            .newXPath()
            .evaluate("string(//section[@id='regrade']/h2)", doc, XPathConstants.STRING));
    assertTrue(
        page, page.contains("3 of 48 samples changed status between the stored grades (grader/1)"));
    assertTrue(page, page.contains("<td>+4.2 pts</td>"));
    assertTrue(page, page.contains("&lt;unparseable&gt;"));
    assertTrue(page, page.contains("1 more are counted but not listed"));
    assertTrue(page.contains("href=\"#regrade\""));
    assertFalse(HtmlReport.render(base).contains("id=\"regrade\""));
  }

  @Test
  public void kCurvesHaveCiBandsMarkersAndLog2AxisAboveK8() {
    // pass@k and maj@k each get one band per dataset.
    assertEquals(4, PageStructure.count(largePage, "<polygon class=\"ci-band\""));
    assertEquals(4, PageStructure.count(largePage, "<polyline class=\"line"));
    assertTrue(largePage.contains("log\u2082 scale"));
    assertTrue(largePage.contains("<title>pass@16 = "));
    assertTrue(largePage.contains("<title>maj@3 = "));
  }

  @Test
  public void smallKUsesLinearAxisAndOneBarPerSolveRate() throws Exception {
    String page = HtmlReport.render(SyntheticReports.realistic(12, 6, 4));
    PageStructure.parse(page);
    assertFalse(page.contains("log\u2082 scale"));
    assertTrue(page.contains("One bar per solve rate c/4."));
    assertTrue(page.contains("in 4/4 correct</title>") || page.contains("in 0/4 correct</title>"));
  }

  @Test
  public void solveRatesThatAreNotMultiplesOfOneOverKUseTenBins() {
    DatasetReport d =
        new DatasetReport(
            "mixed-n",
            3,
            4,
            List.of(),
            List.of(),
            new double[] {0.1, 0.55, 1.0},
            null,
            null,
            null,
            null);
    String page = HtmlReport.render(report(List.of(d), List.of()));
    assertTrue(page.contains("Ten bins of 10 points each."));
    assertTrue(page.contains("problems: 1 in [50%, 60%)"));
    assertTrue(page.contains("problems: 1 in [90%, 100%)"));
  }

  @Test
  public void precisionRoundsAndJudgeAgreementAreShownWithTheDataset() throws Exception {
    DatasetPrecision precision =
        new DatasetPrecision(
            0.0123,
            0.031,
            96,
            24,
            new DatasetPrecision.Rounds(
                0.02,
                true,
                List.of(2, 18, 24),
                List.of(0.061, 0.023, 0.0195),
                120_000,
                640_000,
                new DatasetPrecision.Phases(9, 2, 11, 16.5, 24, 20, 150_000)),
            new DatasetPrecision.Agreement(new long[] {40, 10, 5, 45}, 0.7, 0.61, 0.78));
    DatasetReport d =
        new DatasetReport(
            "rounds",
            2,
            24,
            List.of(new Estimate(0.5, 0.1, 0.9)),
            List.of(new Estimate(0.5, 0.1, 0.9)),
            new double[] {0, 1},
            null,
            null,
            null,
            Map.of(),
            precision);
    String page = HtmlReport.render(report(List.of(d), List.of()));
    PageStructure.parse(page);
    assertTrue(page, page.contains("95% interval of pass@1 for these problems: \u00b11.23 points"));
    assertTrue(page, page.contains("96 samples per problem would give \u00b11 point"));
    assertTrue(page, page.contains("Sampled to a precision of \u00b12.00 points: reached"));
    assertTrue(page, page.contains("<tr><td>3</td><td>24</td><td>\u00b11.95</td></tr>"));
    assertTrue(
        page,
        page.contains(
            "a uniform first phase of 9, then 1 phase where they shrink the interval most per"
                + " token; 11 to 24 samples per problem, 16.5 on average. Uniform rounds would"
                + " have needed about 20 per problem (150,000 completion tokens"));
    assertTrue(page, page.contains("<tr><td>symbolic: correct</td><td>40</td><td>10</td></tr>"));
    assertTrue(page, page.contains("Cohen's kappa 0.70 (95% interval 0.61 to 0.78"));
    DatasetPrecision cascade =
        new DatasetPrecision(
            Double.NaN,
            Double.NaN,
            -1,
            -1,
            null,
            new DatasetPrecision.Agreement(
                new long[] {0, 0, 3, 7}, Double.NaN, Double.NaN, Double.NaN));
    String other =
        HtmlReport.render(
            report(
                List.of(
                    new DatasetReport(
                        "cascade", 2, 4, List.of(), List.of(), null, null, null, null, null,
                        cascade)),
                List.of()));
    assertTrue(other.contains("Cohen's kappa undefined"));
    assertFalse(other.contains("for these problems"));
  }

  @Test
  public void singleSampleDrawsPointsWithWhiskersAndNoLines() throws Exception {
    DatasetReport d =
        new DatasetReport(
            "k1",
            2,
            1,
            List.of(new Estimate(0.5, 0.1, 0.9)),
            List.of(new Estimate(0.5, 0.1, 0.9)),
            new double[] {0, 1},
            new int[] {300},
            new int[] {900},
            new int[0],
            Map.of());
    String page = HtmlReport.render(report(List.of(d), List.of()));
    PageStructure.parse(page);
    assertFalse(page.contains("<polyline"));
    assertFalse(page.contains("class=\"ci-band\""));
    assertEquals(2, PageStructure.count(page, "class=\"ci-whisker\""));
    assertEquals(2, PageStructure.count(page, "class=\"marker\""));
    assertTrue(page.contains("<td>50.0% [10.0, 90.0]</td>"));
    assertTrue(page.contains("Every sample had an extracted answer."));
    // No no-answer chart and no latency chart: three charts.
    assertEquals(3, PageStructure.count(page, "<svg "));
  }

  @Test
  public void nanIntervalShowsPointOnlyAndNoBand() {
    List<Estimate> pass = new ArrayList<>();
    for (int k = 1; k <= 4; k++) {
      pass.add(new Estimate(0.433 + 0.05 * k, Double.NaN, Double.NaN));
    }
    DatasetReport d =
        new DatasetReport("nan-ci", 10, 4, pass, List.of(), new double[10], null, null, null, null);
    String page = HtmlReport.render(report(List.of(d), List.of()));
    assertTrue(page.contains("<td>48.3%</td>"));
    assertFalse(page.contains("class=\"ci-band\""));
    assertFalse(page.contains("class=\"ci-whisker\""));
    assertEquals(1, PageStructure.count(page, "<polyline class=\"line"));
    assertTrue(page.contains("<td>\u2013</td>")); // maj@K unknown
  }

  @Test
  public void datasetWithZeroSamplesRendersEmptyCharts() throws Exception {
    DatasetReport empty =
        new DatasetReport("empty", 0, 0, List.of(), List.of(), null, null, null, null, null);
    String page = HtmlReport.render(report(List.of(empty), List.of()));
    PageStructure.parse(page);
    assertEquals(3, PageStructure.count(page, "<svg "));
    assertTrue(page.contains(">no samples</text>"));
    assertTrue(page.contains("No problems were recorded."));
    assertTrue(page.contains("No latency was recorded."));
    assertFalse(page.contains("Simulated model"));
  }

  @Test
  public void completelyEmptyReportIsStillAPage() throws Exception {
    ReportData data = new ReportData("empty", null, false, null, null, null, null);
    String page = HtmlReport.render(data);
    PageStructure.parse(page);
    assertEquals(0, PageStructure.count(page, "<svg"));
    assertTrue(page.contains("No datasets."));
    assertTrue(page.contains("content=\"0\""));
  }

  @Test
  public void renderingIsDeterministic() {
    assertEquals(largePage, HtmlReport.render(SyntheticReports.realistic(30, 500, 16)));
  }

  @Test
  public void largePageEmbedsFewerResponsesPerProblemToStayWithinBudgetAndSaysSo() {
    // 530 x 16 responses of ~5,000 characters cannot all fit in 6,000,000 characters.
    Matcher m = Pattern.compile("embedded \\(at most (\\d+) per problem").matcher(largePage);
    assertTrue(m.find());
    int perProblem = Integer.parseInt(m.group(1));
    assertTrue(perProblem >= 2 && perProblem < 8);
    assertTrue(
        largePage.contains("fewer than the usual 8 to keep the embedded text near 6,000,000"));
    assertEquals(530 * perProblem, PageStructure.count(largePage, "<details class=\"sample"));
    assertEquals(530 * 16, PageStructure.count(largePage, "<li class=\""));
    assertEquals(
        530, PageStructure.count(largePage, (16 - perProblem) + " more samples not embedded"));
    // Truncated responses (8192 tokens, ~32k chars) exceed the cap: head and tail kept.
    assertTrue(largePage.contains("characters left out here"));
    assertTrue(largePage.contains("keep only their beginning and end"));
    assertTrue(largePage.length() < 9_000_000);
  }

  @Test
  public void smallPageEmbedsEightFullResponsesPerProblem() {
    String page = HtmlReport.render(SyntheticReports.realistic(10, 10, 16));
    assertTrue(page.contains("embedded (at most 8 per problem"));
    assertFalse(page.contains("fewer than the usual"));
    assertEquals(20 * 8, PageStructure.count(page, "<details class=\"sample"));
    // Only the 8192-token truncated samples (~32k characters) exceed 20,000 characters.
    assertTrue(page.contains("longer than 20,000 characters keep only their beginning and end."));
  }

  @Test
  public void latencyTableAndChartListEveryReplica() {
    for (String name : List.of("replica-0", "replica-1", "replica-2 (slow)")) {
      assertTrue(name, largePage.contains("<td>" + name + "</td>"));
      assertTrue(name, largePage.contains(">" + name + "</text>"));
    }
    assertTrue(largePage.contains("<td>813 ms</td>"));
    assertTrue(largePage.contains("<td>12,001 ms</td>"));
    assertTrue(largePage.contains("replica-1, max: 12,001</title>"));
  }

  @Test
  public void lengthHistogramsSplitByOutcomeWithMedians() {
    long correct = 0;
    for (DatasetReport d : large.datasets()) {
      correct += d.correctLengths().length;
    }
    assertTrue(correct > 0);
    assertEquals(2, PageStructure.count(largePage, "panel-title\">truncated (n="));
    assertTrue(largePage.contains(", median 8,192)</text>"));
    assertEquals(2, PageStructure.count(largePage, "completion tokens</text>"));
  }

  @Test
  public void runFactsKeepTheirOrder() {
    int model = largePage.indexOf("<td>model</td>");
    int seed = largePage.indexOf("<td>seed</td>");
    assertTrue(model > 0 && seed > model);
  }

  private static ReportData report(List<DatasetReport> datasets, List<ProblemView> problems) {
    return new ReportData(
        "t", "now", false, Map.of("model", "m"), datasets, Collections.emptyList(), problems);
  }

  private static double xpath(Document doc, String expr) throws Exception {
    return (Double)
        XPathFactory.newInstance().newXPath().evaluate(expr, doc, XPathConstants.NUMBER);
  }
}
