package io.mathbeam.core.published;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.stats.MetricName;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class SamplingDifferencesTest {
  private static final PublishedSampling R1 = new PublishedSampling(0.6, 0.95, 32768, 64);

  private static PublishedValue value(String dataset, PublishedSampling sampling) {
    return new PublishedValue(dataset, MetricName.pass(1), 0.5, sampling, "");
  }

  @Test
  public void aRunWithTheSourcesSettingsHasNoDifference() {
    assertEquals(
        List.of(),
        SamplingDifferences.between(
            List.of(value("aime24", R1), value("math500", R1)),
            new SamplingDifferences.RunSampling(0.6, 0.95, 32768, Map.of("aime24", 64))));
  }

  @Test
  public void eachDifferingSettingIsNamedOnceWithTheSourcesValue() {
    List<String> differences =
        SamplingDifferences.between(
            List.of(value("aime24", R1), value("math500", R1)),
            new SamplingDifferences.RunSampling(
                1.0, 0.95, 4096, Map.of("aime24", 4, "math500", 64)));
    assertEquals(
        List.of(
            "temperature 1.0 (source: 0.6)",
            "max_tokens 4096 (source: 32768)",
            "K=4 on aime24 (source: 64)"),
        differences);
  }

  @Test
  public void settingsTheSourceDoesNotStateAreNotCompared() {
    PublishedSampling partial = new PublishedSampling(0.6, null, null, 8);
    assertEquals(
        List.of("top_p 0.8 (source: 0.95)"),
        SamplingDifferences.between(
            List.of(value("aime24", R1.withSamples(null)), value("lcb", partial)),
            new SamplingDifferences.RunSampling(0.6, 0.8, 32768, Map.of("lcb", 8))));
  }
}
