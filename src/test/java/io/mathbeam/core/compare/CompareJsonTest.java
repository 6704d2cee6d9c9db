package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.stats.MetricName;
import org.junit.Test;

public class CompareJsonTest {
  @Test
  public void carriesEveryFigureOfTheReportAndVerdict() throws Exception {
    double[] rates = SyntheticRuns.rates(25, 9);
    ComparisonReport report =
        new PairedComparison(CompareOptions.defaults().withKs(8).withReplicates(200))
            .compare(
                SyntheticRuns.run("b", "aime", rates, 8, 1, true),
                SyntheticRuns.run("c", "aime", SyntheticRuns.shifted(rates, -0.4), 8, 2, true));
    Verdict verdict = Verdict.evaluate(Gate.defaultGate(), report);
    ObjectMapper mapper = new ObjectMapper();
    JsonNode json = mapper.readTree(mapper.writeValueAsString(CompareJson.toJson(report, verdict)));

    assertEquals("b", json.get("baseline").asText());
    assertEquals(200, json.get("options").get("replicates").asInt());
    assertEquals(1, json.get("verdict").get("exit_code").asInt());
    assertFalse(json.get("verdict").get("passed").asBoolean());
    assertEquals("FAIL", json.get("verdict").get("rules").get(0).get("status").asText());
    JsonNode aime = json.get("datasets").get("aime");
    assertEquals(25, aime.get("shared_problems").asInt());
    DatasetComparison d = report.dataset("aime").orElseThrow();
    assertEquals(3, aime.get("metrics").size());
    for (MetricComparison m : d.metrics()) {
      JsonNode node = aime.get("metrics").get(m.metric().toString());
      assertEquals(m.baseline(), node.get("baseline").asDouble(), 0.0);
      assertEquals(m.delta(), node.get("delta").asDouble(), 0.0);
      assertEquals(m.ciLower(), node.get("ci_lower").asDouble(), 0.0);
      assertEquals(m.ciUpper(), node.get("ci_upper").asDouble(), 0.0);
      assertEquals(m.pDrop(), node.get("p_drop").asDouble(), 0.0);
      assertEquals(m.test().exact(), node.get("exact_test").asBoolean());
    }
    assertEquals(d.flipped().size(), aime.get("flipped").size());
    assertEquals(
        d.flipped().get(0).problemId(), aime.get("flipped").get(0).get("problem_id").asText());
    assertEquals(
        d.metric(MetricName.maj(8)).orElseThrow().candidate(),
        aime.get("metrics").get("maj@8").get("candidate").asDouble(),
        0.0);
  }
}
