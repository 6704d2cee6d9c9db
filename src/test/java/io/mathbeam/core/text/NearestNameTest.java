package io.mathbeam.core.text;

import static org.junit.Assert.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.Test;

public class NearestNameTest {
  private static final List<String> SAMPLING =
      List.of("temperature", "top_p", "top_k", "min_p", "max_tokens", "seed");

  @Test
  public void aDroppedLetterFindsTheKey() {
    assertEquals(Optional.of("temperature"), NearestName.among("temprature", SAMPLING));
    assertEquals(" (did you mean 'temperature'?)", NearestName.hint("temprature", SAMPLING));
  }

  @Test
  public void swappedLettersAndCaseCountAsOneEdit() {
    assertEquals(Optional.of("max_tokens"), NearestName.among("max_tokesn", SAMPLING));
    assertEquals(
        Optional.of("--maxTokens"),
        NearestName.among("--maxtokens", List.of("--maxTokens", "--model")));
  }

  @Test
  public void aNameFarFromEveryKnownOneGetsNoHint() {
    assertEquals(Optional.empty(), NearestName.among("frequency_penalty", SAMPLING));
    assertEquals("", NearestName.hint("xyz", SAMPLING));
  }
}
