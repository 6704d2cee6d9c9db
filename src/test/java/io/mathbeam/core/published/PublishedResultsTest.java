package io.mathbeam.core.published;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.stats.MetricName;
import java.util.List;
import org.junit.Test;

public class PublishedResultsTest {
  private static final PublishedResults REGISTRY = PublishedResults.builtin();

  private static PublishedValue value(String model, String dataset, MetricName metric) {
    return REGISTRY.find(model).orElseThrow().values().stream()
        .filter(v -> v.dataset().equals(dataset) && v.metric().equals(metric))
        .findFirst()
        .orElseThrow();
  }

  @Test
  public void holdsTheDeepSeekR1TableForAllSixDistilledModels() {
    for (String size :
        List.of("Qwen-1.5B", "Qwen-7B", "Qwen-14B", "Qwen-32B", "Llama-8B", "Llama-70B")) {
      PublishedModel model = REGISTRY.find("deepseek-ai/DeepSeek-R1-Distill-" + size).orElseThrow();
      assertEquals(
          size,
          List.of(
              "aime24 pass@1",
              "aime24 maj@64",
              "math500 pass@1",
              "gpqa_diamond pass@1",
              "livecodebench pass@1"),
          model.values().stream().map(v -> v.dataset() + " " + v.metric()).toList());
      for (PublishedValue v : model.values()) {
        assertEquals(new PublishedSampling(0.6, 0.95, 32768, 64), v.sampling());
      }
    }
    // spot checks against the paper's table
    assertEquals(
        0.289, value("DeepSeek-R1-Distill-Qwen-1.5B", "aime24", MetricName.pass(1)).value(), 1e-12);
    assertEquals(
        0.527, value("DeepSeek-R1-Distill-Qwen-1.5B", "aime24", MetricName.maj(64)).value(), 1e-12);
    assertEquals(
        0.943, value("DeepSeek-R1-Distill-Qwen-32B", "math500", MetricName.pass(1)).value(), 1e-12);
    assertEquals(
        0.652,
        value("DeepSeek-R1-Distill-Llama-70B", "gpqa_diamond", MetricName.pass(1)).value(),
        1e-12);
    assertEquals(
        0.376,
        value("DeepSeek-R1-Distill-Qwen-7B", "livecodebench", MetricName.pass(1)).value(),
        1e-12);
  }

  @Test
  public void aValueMayNameItsOwnSamplesPerProblem() {
    assertEquals(
        64, (int) value("Qwen/QwQ-32B", "aime24", MetricName.pass(1)).sampling().samples());
    PublishedSampling lcb = value("Qwen/QwQ-32B", "livecodebench", MetricName.pass(1)).sampling();
    assertEquals(8, (int) lcb.samples());
    assertEquals(0.6, lcb.temperature(), 0);
    assertEquals(null, lcb.maxTokens());
  }

  @Test
  public void servedNamesMatchWithoutCaseOrOrganisationPrefix() {
    for (String served :
        List.of(
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
            "DeepSeek-R1-Distill-Qwen-7B",
            "deepseek-r1-distill-qwen-7b",
            "/models/DeepSeek-R1-Distill-Qwen-7B/")) {
      assertEquals(
          served,
          "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
          REGISTRY.find(served).orElseThrow().name());
    }
    assertFalse(REGISTRY.find("DeepSeek-R1-Distill-Qwen-7B-Instruct").isPresent());
    assertFalse(REGISTRY.find("").isPresent());
    assertFalse(REGISTRY.find(null).isPresent());
  }

  @Test
  public void everyValueIsAFractionWithASource() {
    assertTrue(REGISTRY.models().size() >= 9);
    for (PublishedModel m : REGISTRY.models()) {
      assertTrue(m.name(), m.sourceUrl().startsWith("https://"));
      assertFalse(m.name(), m.values().isEmpty());
      for (PublishedValue v : m.values()) {
        assertTrue(m.name() + " " + v, v.value() > 0 && v.value() < 1);
      }
    }
  }

  @Test
  public void aMistypedKeyInTheRegistryFailsLoading() throws Exception {
    String json =
        "{\"sources\":[{\"title\":\"t\",\"url\":\"https://x\",\"models\":[{\"name\":\"m\","
            + "\"results\":[{\"dataset\":\"aime24\",\"metric\":\"pass@1\",\"vaule\":3}]}]}]}";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PublishedResults.parse(new ObjectMapper().readTree(json)));
    assertTrue(e.getMessage(), e.getMessage().contains("unknown key 'vaule'"));
  }

  @Test
  public void aValueOutsidePercentRangeFailsLoading() throws Exception {
    String json =
        "{\"sources\":[{\"title\":\"t\",\"url\":\"https://x\",\"models\":[{\"name\":\"m\","
            + "\"results\":[{\"dataset\":\"aime24\",\"metric\":\"pass@1\",\"value\":289}]}]}]}";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PublishedResults.parse(new ObjectMapper().readTree(json)));
    assertTrue(e.getMessage(), e.getMessage().contains("m / aime24"));
  }
}
