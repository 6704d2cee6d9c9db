package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.MetricName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class GateTest {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  @Test
  public void readsBothRuleKindsWithTheirDefaults() throws Exception {
    Path file = folder.newFile("gate.json").toPath();
    Files.writeString(
        file,
        """
        {"rules": [
          {"dataset": "aime24", "metric": "pass@1", "expected": 0.35, "tolerance": 0.05},
          {"dataset": "aime24", "metric": "maj@64", "expected": 0.5, "two_sided": true},
          {"dataset": "*", "metric": "pass@1", "no_significant_drop": true},
          {"dataset": "math500", "metric": "Pass@8", "no_significant_drop": true, "alpha": 0.01}
        ]}
        """,
        StandardCharsets.UTF_8);
    Gate gate = Gate.read(file);
    assertEquals(file.toString(), gate.source());
    assertEquals(
        List.of(
            new ThresholdRule("aime24", MetricName.pass(1), 0.35, 0.05, false),
            new ThresholdRule("aime24", MetricName.maj(64), 0.5, 0.0, true),
            NoSignificantDropRule.familyWise("*", MetricName.pass(1)),
            NoSignificantDropRule.perRule("math500", MetricName.pass(8), 0.01)),
        gate.rules());
  }

  @Test
  public void acceptsABareArrayOfRules() throws Exception {
    Gate gate =
        Gate.parse("[{\"dataset\":\"*\",\"metric\":\"pass@1\",\"no_significant_drop\":true}]", "g");
    assertEquals(Gate.defaultGate().rules(), gate.rules());
  }

  private static GateFileException error(String json) {
    return assertThrows(GateFileException.class, () -> Gate.parse(json, "nightly.json"));
  }

  private static void assertError(String json, int rule, String field, String fragment) {
    GateFileException e = error(json);
    assertEquals(e.getMessage(), "nightly.json", e.file());
    assertEquals(e.getMessage(), rule, e.ruleIndex());
    assertEquals(e.getMessage(), field, e.field());
    assertTrue(e.getMessage(), e.getMessage().startsWith("nightly.json"));
    assertTrue(e.getMessage(), e.getMessage().contains(fragment));
  }

  private static final String GOOD =
      "{\"dataset\":\"a\",\"metric\":\"pass@1\",\"no_significant_drop\":true}";

  @Test
  public void malformedFilesNameTheFileRuleAndField() {
    assertError("[" + GOOD + ",", -1, null, "not valid JSON");
    assertError("{\"rule\": []}", -1, "rule", "unknown key");
    assertError("\"rules\"", -1, null, "array of rules");
    assertError("[]", -1, "rules", "no rules");
    assertError("[" + GOOD + ", 3]", 1, null, "JSON object");
    assertError(
        "["
            + GOOD
            + ", {\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":0.3,"
            + "\"tolerence\":0.1}]",
        1,
        "tolerence",
        "unknown key");
    assertError("[{\"metric\":\"pass@1\",\"expected\":0.3}]", 0, "dataset", "missing");
    assertError("[{\"dataset\":7,\"metric\":\"pass@1\",\"expected\":0.3}]", 0, "dataset", "string");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@0\",\"expected\":0.3}]", 0, "metric", "pass@0");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":35}]", 0, "expected", "[0, 1]");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":\"0.3\"}]",
        0,
        "expected",
        "number");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":0.3,\"tolerance\":-0.1}]",
        0,
        "tolerance",
        "[0, 1]");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":0.3,\"no_significant_drop\":true}]",
        0,
        "no_significant_drop",
        "exactly one");
    assertError("[{\"dataset\":\"a\",\"metric\":\"pass@1\"}]", 0, "expected", "exactly one");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"no_significant_drop\":true,\"alpha\":1.5}]",
        0,
        "alpha",
        "(0, 1)");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"no_significant_drop\":false}]",
        0,
        "no_significant_drop",
        "must be true");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"no_significant_drop\":true,"
            + "\"two_sided\":true}]",
        0,
        "two_sided",
        "only goes with 'expected'");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":0.3,\"alpha\":0.1}]",
        0,
        "alpha",
        "only goes with");
    assertError(
        "[{\"dataset\":\"a\",\"dataset\":\"b\",\"metric\":\"pass@1\",\"expected\":0.3}]",
        -1,
        null,
        "Duplicate field");
  }

  @Test
  public void unreadableFileIsAGateFileException() {
    Path missing = folder.getRoot().toPath().resolve("absent.json");
    GateFileException e = assertThrows(GateFileException.class, () -> Gate.read(missing));
    assertEquals(missing.toString(), e.file());
    assertEquals(-1, e.ruleIndex());
  }

  private static MetricComparison candidateAt(double value) {
    return new MetricComparison(
        MetricName.pass(1),
        0.4,
        value,
        value - 0.4,
        -0.1,
        0.1,
        0.05,
        new SignFlipResult(value - 0.4, 0.5, 0.5, 10, true, 1024),
        PairedDifferences.of(new double[] {value - 0.4, value - 0.4}));
  }

  @Test
  public void thresholdIsInclusiveDespiteRounding() {
    ThresholdRule oneSided = new ThresholdRule("a", MetricName.pass(1), 0.35, 0.05, false);
    assertEquals(RuleStatus.PASS, oneSided.evaluate("a", candidateAt(0.30)).status());
    assertEquals(RuleStatus.PASS, oneSided.evaluate("a", candidateAt(0.90)).status());
    RuleResult low = oneSided.evaluate("a", candidateAt(0.2999));
    assertEquals(RuleStatus.FAIL, low.status());
    assertTrue(low.reason(), low.reason().contains("below 0.3000"));
    ThresholdRule twoSided = new ThresholdRule("a", MetricName.pass(1), 0.35, 0.05, true);
    assertEquals(RuleStatus.PASS, twoSided.evaluate("a", candidateAt(0.40)).status());
    assertEquals(RuleStatus.FAIL, twoSided.evaluate("a", candidateAt(0.4001)).status());
  }

  @Test
  public void readsMarginsInPointsAndTheFamilyAlpha() throws Exception {
    Gate gate =
        Gate.parse(
            """
            {"alpha": 0.1, "rules": [
              {"dataset": "*", "metric": "pass@1", "no_significant_drop": true, "margin": 2}
            ]}
            """,
            "g");
    assertEquals(0.1, gate.familyAlpha(), 0);
    assertEquals(
        List.of(new NoSignificantDropRule("*", MetricName.pass(1), 0.02, null)), gate.rules());
    assertEquals(Gate.DEFAULT_ALPHA, Gate.defaultGate().familyAlpha(), 0);
  }

  @Test
  public void rejectsBadMarginsAndFamilyAlphas() {
    assertError(
        "[{\"dataset\":\"*\",\"metric\":\"pass@1\",\"no_significant_drop\":true,"
            + "\"margin\":-1}]",
        0,
        "margin",
        "points");
    assertError(
        "[{\"dataset\":\"a\",\"metric\":\"pass@1\",\"expected\":0.3,\"margin\":1}]",
        0,
        "margin",
        "only goes with");
    assertError(
        "{\"alpha\": 1.5, \"rules\": [{\"dataset\":\"*\",\"metric\":\"pass@1\","
            + "\"no_significant_drop\":true}]}",
        -1,
        "alpha",
        "(0, 1)");
  }
}
