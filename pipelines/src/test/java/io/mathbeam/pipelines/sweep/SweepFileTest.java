package io.mathbeam.pipelines.sweep;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import org.junit.Test;

/** The sweep file's per-model keys as the eval arguments they become. */
public class SweepFileTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private static SweepFile parse(String... lines) throws Exception {
    return SweepFile.parse(YAML.readTree(String.join("\n", lines)), "s.yaml");
  }

  @Test
  public void aModelsPriceBecomesThePriceOption() throws Exception {
    SweepFile sweep =
        parse(
            "benchmarks: [aime24]",
            "models:",
            "  - name: a",
            "    price_per_million_tokens: [0.15, 0.6]",
            "  - name: b",
            "    price_per_million_tokens: none",
            "  - name: c");
    assertTrue(sweep.models().get(0).args().contains("--pricePerMillionTokens=0.15,0.6"));
    assertTrue(sweep.models().get(1).args().contains("--pricePerMillionTokens=none"));
    assertEquals(List.of("--benchmarks=aime24"), sweep.models().get(2).args());
  }

  @Test
  public void aMalformedModelPriceNamesTheFileAndField() {
    for (String bad : List.of("[1]", "[1, -2]", "[a, 1]", "0.5", "[1, 2, 3]")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  parse(
                      "benchmarks: [aime24]",
                      "models:",
                      "  - name: a",
                      "    price_per_million_tokens: " + bad));
      assertTrue(
          e.getMessage(),
          e.getMessage()
              .startsWith(
                  "s.yaml: models[0].price_per_million_tokens: expected [IN, OUT], two numbers"));
    }
  }

  @Test
  public void aPrecisionForEveryModelOrOneOfThemBecomesThePrecisionOption() throws Exception {
    SweepFile sweep =
        parse(
            "benchmarks: [aime24:64]",
            "precision: 0.02",
            "models:",
            "  - name: a",
            "  - name: b",
            "    precision: 0.05");
    assertTrue(sweep.models().get(0).args().contains("--precision=0.02"));
    assertTrue(sweep.models().get(1).args().contains("--precision=0.05"));
    assertTrue(sweep.models().get(1).args().stream().noneMatch(a -> a.equals("--precision=0.02")));
    for (String bad : List.of("0", "0.7", "high", "[0.1]")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  parse("benchmarks: [aime24]", "models:", "  - name: a", "    precision: " + bad));
      assertTrue(
          e.getMessage(),
          e.getMessage()
              .startsWith("s.yaml: models[0].precision: a half-width of pass@1 in (0, 0.5]"));
    }
  }
}
