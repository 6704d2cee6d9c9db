package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.stats.MetricName;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

public class JUnitXmlTest {
  private static final String ODD = "a<b>&\"c'|\u0001\n";

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  private static ComparisonReport report() {
    double[] rates = SyntheticRuns.rates(20, 4);
    List<ProblemOutcome> base = new ArrayList<>();
    List<ProblemOutcome> cand = new ArrayList<>();
    base.addAll(SyntheticRuns.dataset("stable", rates, 8, 1, false));
    cand.addAll(SyntheticRuns.dataset("stable", rates, 8, 2, false));
    base.addAll(SyntheticRuns.dataset(ODD, rates, 8, 3, false));
    cand.addAll(SyntheticRuns.dataset(ODD, SyntheticRuns.shifted(rates, -0.4), 8, 4, false));
    return new PairedComparison(CompareOptions.defaults().withReplicates(200))
        .compare(new RunProblems("base <1>", base), new RunProblems("cand & co", cand));
  }

  @Test
  public void isWellFormedAndFailsOnlyTheFailingRules() throws Exception {
    ComparisonReport report = report();
    Verdict verdict =
        Verdict.evaluate(
            new Gate(
                "g",
                List.of(
                    NoSignificantDropRule.perRule("*", MetricName.pass(1), 0.05),
                    new ThresholdRule("stable", MetricName.pass(1), 0.99, 0.0, false),
                    new ThresholdRule("missing", MetricName.pass(1), 0.1, 0.0, false))),
            report);
    Document doc = parse(JUnitXml.render(report, verdict));
    Element suite = doc.getDocumentElement();
    assertEquals("testsuite", suite.getTagName());
    assertEquals("mathbeam-compare", suite.getAttribute("name"));
    assertEquals("4", suite.getAttribute("tests"));
    assertEquals("2", suite.getAttribute("failures"));
    assertEquals("1", suite.getAttribute("errors"));
    NodeList cases = suite.getElementsByTagName("testcase");
    assertEquals(4, cases.getLength());
    List<String> outcome = new ArrayList<>();
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      RuleResult r = verdict.results().get(i);
      assertEquals(r.dataset().replace('\u0001', '\uFFFD'), c.getAttribute("classname"));
      assertEquals(r.rule().describe(), c.getAttribute("name"));
      NodeList failures = c.getElementsByTagName("failure");
      NodeList errors = c.getElementsByTagName("error");
      outcome.add(failures.getLength() + "/" + errors.getLength());
      if (failures.getLength() == 1) {
        assertEquals(r.reason(), ((Element) failures.item(0)).getAttribute("message"));
      }
    }
    // "*" gives ODD (fails: it collapsed) then stable (passes); 0.99 fails; missing cannot run.
    assertEquals(ODD, verdict.results().get(0).dataset());
    assertEquals(List.of("1/0", "0/0", "1/0", "0/1"), outcome);
    NodeList properties = suite.getElementsByTagName("property");
    assertEquals("base <1>", ((Element) properties.item(0)).getAttribute("value"));
    assertEquals("cand & co", ((Element) properties.item(1)).getAttribute("value"));
  }

  @Test
  public void escapeKeepsTextAndReplacesWhatXmlCannotCarry() throws Exception {
    String text = "x < y && \"q\" 'r' \t\r\n\u0000\u0007 \uD83D\uDE00 \uD800";
    Document doc =
        parse("<a v=\"" + JUnitXml.escape(text) + "\">" + JUnitXml.escape(text) + "</a>");
    String expected = "x < y && \"q\" 'r' \t\r\n\uFFFD\uFFFD \uD83D\uDE00 \uFFFD";
    assertEquals(expected, doc.getDocumentElement().getAttribute("v"));
    assertEquals(expected, doc.getDocumentElement().getTextContent());
  }
}
