package io.mathbeam.core.sampling;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.Test;

public class SeedDerivationTest {
  @Test
  public void isAPureFunctionOfItsInputs() {
    assertEquals(
        SeedDerivation.seed(1234, "aime24", "aime24-I-1", 7),
        SeedDerivation.seed(1234, "aime24", "aime24-I-1", 7));
  }

  @Test
  public void seedsAreDistinctWithinAProblemAndSpacedByOne() {
    Set<Long> seen = new HashSet<>();
    long first = SeedDerivation.seed(0, "math500", "p1", 0);
    for (int i = 0; i < 1024; i++) {
      long seed = SeedDerivation.seed(0, "math500", "p1", i);
      assertTrue(seen.add(seed));
      assertEquals(first + i, seed);
    }
  }

  @Test
  public void changesWithEachInput() {
    long base = SeedDerivation.seed(1, "d", "p", 0);
    assertNotEquals(base, SeedDerivation.seed(2, "d", "p", 0));
    assertNotEquals(base, SeedDerivation.seed(1, "e", "p", 0));
    assertNotEquals(base, SeedDerivation.seed(1, "d", "q", 0));
  }

  @Test
  public void staysAPositive31BitInteger() {
    for (int p = 0; p < 10_000; p++) {
      long seed =
          SeedDerivation.seed(p, "d" + p, "p" + p, SeedDerivation.MAX_SAMPLES_PER_PROBLEM - 1);
      assertTrue(seed >= 0 && seed <= Integer.MAX_VALUE);
    }
  }

  @Test
  public void problemBasesRarelyCollide() {
    Set<Long> bases = new HashSet<>();
    for (int p = 0; p < 10_000; p++) {
      bases.add(SeedDerivation.problemBase(42, "ds", "problem-" + p));
    }
    assertTrue(bases.size() > 9_990);
  }
}
