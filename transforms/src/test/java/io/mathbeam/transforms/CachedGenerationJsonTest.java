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
        new Generation(
            REQUEST,
            "\\boxed{2}",
            null,
            "stop",
            9,
            12,
            340,
            "http://r",
            1,
            null,
            null,
            new CodeExecutions(List.of("error", "ok"), 77));
    String line = CachedGenerationJson.line(SampleKeys.of(REQUEST), g);
    assertEquals(g, CachedGenerationJson.generation(CachedGenerationJson.parse(line), REQUEST));
  }

  @Test
  public void roundTripsAGenerationAndReattachesTheCurrentRequest() {
    Generation g =
        new Generation(
            REQUEST,
            "\\boxed{2}",
            "think\n\"hard\"",
            "stop",
            9,
            12,
            340,
            "http://r",
            2,
            null,
            null);
    String line = CachedGenerationJson.line(SampleKeys.of(REQUEST), g);
    SampleRequest corrected =
        new SampleRequest("d", "p", "What is 1+1?", List.of("2", "two"), 1, 4, 77);
    Generation back = CachedGenerationJson.generation(CachedGenerationJson.parse(line), corrected);
    assertEquals(
        new Generation(
            corrected,
            "\\boxed{2}",
            "think\n\"hard\"",
            "stop",
            9,
            12,
            340,
            "http://r",
            2,
            null,
            null),
        back);
    assertEquals(
        SampleKeys.of(REQUEST), CachedGenerationJson.key(CachedGenerationJson.parse(line)));
  }

  @Test
  public void aLineCutOffByACrashIsNotARecord() {
    String line =
        CachedGenerationJson.line(
            SampleKeys.of(REQUEST),
            new Generation(REQUEST, "x", null, "stop", 1, 1, 1, "r", 1, null, null));
    assertNull(CachedGenerationJson.parse(line.substring(0, line.length() / 2)));
    assertNull(CachedGenerationJson.parse("{\"text\":\"no key\"}"));
  }

  @Test
  public void theStreamedKeyIsTheParsedKeyAndNoPrefixOfALineHasOne() {
    String line =
        CachedGenerationJson.line(
            SampleKeys.of(REQUEST),
            new Generation(
                REQUEST,
                "\u2211 \u00e9 \ud83d\ude00",
                "{\"key\":1}",
                "stop",
                1,
                1,
                1,
                "r",
                1,
                null,
                null));
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
