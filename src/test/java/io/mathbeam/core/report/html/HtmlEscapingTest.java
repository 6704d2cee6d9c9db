package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.xpath.XPathFactory;
import org.junit.Test;
import org.w3c.dom.Document;

public class HtmlEscapingTest {
  private static final String EVIL = SyntheticReports.HOSTILE;
  private static final String ATTR_BREAK = "x\" onmouseover=\"alert(2)\" data-y='z'";

  private static ReportData hostileReport() {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(EVIL, ATTR_BREAK);
    DatasetReport d =
        new DatasetReport(
            EVIL,
            1,
            2,
            List.of(new Estimate(0.5, 0.2, 0.8), new Estimate(0.75, 0.5, 1.0)),
            List.of(new Estimate(0.5, 0.2, 0.8), new Estimate(0.5, 0.2, 0.8)),
            new double[] {0.5},
            new int[] {10},
            new int[] {20},
            new int[0],
            Map.of(EVIL, 1L));
    ProblemView p =
        new ProblemView(
            EVIL,
            ATTR_BREAK,
            EVIL,
            List.of(EVIL, "&amp;"),
            List.of(
                new SampleView(0, EVIL, EVIL, true, EVIL, 10, EVIL),
                new SampleView(
                    1, "INCORRECT", ATTR_BREAK, false, "stop", 20, "</textarea>" + EVIL)));
    return new ReportData(
        EVIL,
        EVIL,
        true,
        facts,
        List.of(d),
        List.of(new ReplicaLatency(EVIL, 1, 1, 2, 3, 4)),
        List.of(p));
  }

  @Test
  public void untrustedTextNeverAppearsUnescaped() {
    String page = HtmlReport.render(hostileReport());
    assertFalse(page.contains("<script>alert"));
    assertFalse(page.contains("</textarea>"));
    assertFalse(page.contains("<!--"));
    assertFalse(page.contains("onmouseover=\"alert"));
    assertFalse(page.contains("'z'"));
    assertFalse(page.contains("&amp;</code>"));
    assertTrue(page.contains("&amp;amp;</code>"));
    // Only our own two script elements: the JSON block and the filter script.
    assertEquals(2, PageStructure.count(page, "<script"));
    assertEquals(2, PageStructure.count(page, "</script"));
    assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assertTrue(page.contains("&quot;quoted&quot; &#39;single&#39;"));
    assertTrue(page.contains("\u4e2d\u6587 \ud83d\ude00"));
  }

  @Test
  public void escapedTextReadsBackAsTheOriginal() throws Exception {
    String page = HtmlReport.render(hostileReport());
    Document doc = PageStructure.parse(page);
    var xp = XPathFactory.newInstance().newXPath();
    assertEquals(EVIL, xp.evaluate("//div[@class='problem-text']", doc));
    assertEquals(ATTR_BREAK, xp.evaluate("//article/@data-id", doc));
    assertEquals(EVIL, xp.evaluate("//article/@data-dataset", doc));
    assertEquals(EVIL, xp.evaluate("/html/head/title", doc));
    assertEquals(ATTR_BREAK, xp.evaluate("//table[@class='facts']//td[2]", doc));
    assertEquals("</textarea>" + EVIL, xp.evaluate("(//pre[@class='response'])[2]", doc));
  }

  @Test
  public void jsonForTheScriptCannotCloseItsElementAndParsesBack() throws Exception {
    String page = HtmlReport.render(hostileReport());
    String json = PageStructure.scripts(page).get(0);
    assertFalse(json.contains("<"));
    assertFalse(json.contains(">"));
    assertFalse(json.contains("&"));
    JsonNode node = new ObjectMapper().readTree(json);
    assertEquals(EVIL, node.get("datasets").get(0).asText());
    assertEquals(1, node.get("problems").asInt());
    assertFalse(PageStructure.scripts(page).get(1).contains("alert"));
  }

  @Test
  public void escapeHandlesAllFiveCharactersAndControlCharacters() {
    assertEquals("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;", Html.escape("<a href=\"x\">'&'"));
    assertEquals("a\uFFFDb\nc\td", Html.escape("a\u0001b\nc\td"));
    assertEquals("", Html.escape(null));
    String plain = "plain text \u00e9";
    assertTrue(plain == Html.escape(plain));
  }

  @Test
  public void jsonForScriptEscapesMarkupAndLineSeparators() {
    assertEquals(
        "{\"a\":\"\\u003c/script\\u003e\\u0026\\u2028\"}",
        Html.jsonForScript("{\"a\":\"</script>&\u2028\"}"));
  }
}
