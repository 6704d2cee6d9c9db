package io.mathbeam.transforms;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;

import io.mathbeam.core.model.CodeExecutions;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.List;
import org.junit.Test;

public class CachedGenerationJsonTest {
  private static final SampleRequest REQUEST =
      new SampleRequest("d", "p", "What is 1+1?", List.of("2"), 1, 4, 77);

  @Test
  public void keepsTheCodeExecutionsOfAToolIntegratedGeneration() {
    Generation g =
        Generation.builder(REQUEST)
            .text("\\boxed{2}")
            .finishReason("stop")
            .promptTokens(9)
            .completionTokens(12)
            .latencyMs(340)
            .replica("http://r")
            .attempts(1)
            .codeExecutions(new CodeExecutions(List.of("error", "ok"), 77))
            .build();
    String line = CachedGenerationJson.line(SampleKeys.of(REQUEST), g);
    assertEquals(g, CachedGenerationJson.generation(CachedGenerationJson.parse(line), REQUEST));
  }

  @Test
  public void roundTripsAGenerationAndReattachesTheCurrentRequest() {
    Generation g =
        Generation.builder(REQUEST)
            .text("\\boxed{2}")
            .reasoning("think\n\"hard\"")
            .finishReason("stop")
            .promptTokens(9)
            .completionTokens(12)
            .latencyMs(340)
            .replica("http://r")
            .attempts(2)
            .build();
    String line = CachedGenerationJson.line(SampleKeys.of(REQUEST), g);
    SampleRequest corrected =
        new SampleRequest("d", "p", "What is 1+1?", List.of("2", "two"), 1, 4, 77);
    Generation back = CachedGenerationJson.generation(CachedGenerationJson.parse(line), corrected);
    assertEquals(
        Generation.builder(corrected)
            .text("\\boxed{2}")
            .reasoning("think\n\"hard\"")
            .finishReason("stop")
            .promptTokens(9)
            .completionTokens(12)
            .latencyMs(340)
            .replica("http://r")
            .attempts(2)
            .build(),
        back);
    assertEquals(
        SampleKeys.of(REQUEST), CachedGenerationJson.key(CachedGenerationJson.parse(line)));
  }

  @Test
  public void aLineCutOffByACrashIsNotARecord() {
    String line =
        CachedGenerationJson.line(
            SampleKeys.of(REQUEST),
            Generation.builder(REQUEST)
                .text("x")
                .finishReason("stop")
                .promptTokens(1)
                .completionTokens(1)
                .latencyMs(1)
                .replica("r")
                .attempts(1)
                .build());
    assertNull(CachedGenerationJson.parse(line.substring(0, line.length() / 2)));
    assertNull(CachedGenerationJson.parse("{\"text\":\"no key\"}"));
  }

  @Test
  public void theStreamedKeyIsTheParsedKeyAndNoPrefixOfALineHasOne() {
    String line =
        CachedGenerationJson.line(
            SampleKeys.of(REQUEST),
            Generation.builder(REQUEST)
                .text("\u2211 \u00e9 \ud83d\ude00")
                .reasoning("{\"key\":1}")
                .finishReason("stop")
                .promptTokens(1)
                .completionTokens(1)
                .latencyMs(1)
                .replica("r")
                .attempts(1)
                .build());
    assertEquals(SampleKeys.of(REQUEST), CachedGenerationJson.keyOf(line));
    byte[] bytes = (line + "trailing bytes the scanner's buffer may hold").getBytes(UTF_8);
    int length = line.getBytes(UTF_8).length;
    assertEquals(SampleKeys.of(REQUEST), CachedGenerationJson.keyOf(bytes, length));
    assertNull(CachedGenerationJson.keyOf(bytes, length - 1));
    for (int cut = 0; cut < line.length(); cut++) {
      assertNull(CachedGenerationJson.keyOf(line.substring(0, cut)));
      assertNull(CachedGenerationJson.parse(line.substring(0, cut)));
    }
    assertNull(CachedGenerationJson.keyOf("{\"text\":\"no key\"}"));
    assertNull(CachedGenerationJson.keyOf("{\"key\":null,\"text\":\"x\"}"));
    assertNull(CachedGenerationJson.keyOf("[\"key\"]"));
    assertEquals("k", CachedGenerationJson.keyOf("{\"a\":{\"key\":\"nested\"},\"key\":\"k\"}"));
  }

  @Test
  public void keysChangeWithTheProblemTextAndSeed() {
    String key = SampleKeys.of(REQUEST);
    assertNotEquals(
        key, SampleKeys.of(new SampleRequest("d", "p", "What is 1+2?", List.of("3"), 1, 4, 77)));
    assertNotEquals(
        key, SampleKeys.of(new SampleRequest("d", "p", "What is 1+1?", List.of("2"), 1, 4, 78)));
    assertEquals(
        key, SampleKeys.of(new SampleRequest("d", "p", "What is 1+1?", List.of("two"), 1, 8, 77)));
  }
}
