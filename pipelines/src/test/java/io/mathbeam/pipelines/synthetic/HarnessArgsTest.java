package io.mathbeam.pipelines.synthetic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.Set;
import org.junit.Test;

/** {@link HarnessArgs}: true/false options, and a message naming the option for anything else. */
public class HarnessArgsTest {
  private static HarnessArgs parse(String... args) {
    return HarnessArgs.parse("tool", args, Set.of("flag", "n"));
  }

  @Test
  public void boolReadsTrueAndFalseInAnyCaseAndFallsBackWhenAbsent() {
    assertFalse(parse("--flag=false").bool("flag", true));
    assertTrue(parse("--flag=TRUE").bool("flag", false));
    assertTrue(parse("--n=3").bool("flag", true));
    assertFalse(parse().bool("flag", false));
  }

  @Test
  public void boolRefusesOtherValuesNamingTheOption() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> parse("--flag=yes").bool("flag", true));
    assertEquals("tool: --flag must be true or false, got 'yes'", e.getMessage());
  }
}
