package io.mathbeam.core.choice;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.SplittableRandom;
import org.junit.Test;

public class SplitMix64Test {

  @Test
  public void matchesTheReferenceSplitMix64Outputs() {
    // the first outputs of Vigna's splitmix64.c for seed 1234567
    SplitMix64 random = new SplitMix64(1234567L);
    assertEquals("6457827717110365317", Long.toUnsignedString(random.nextLong()));
    assertEquals("3203168211198807973", Long.toUnsignedString(random.nextLong()));
    assertEquals("9817491932198370423", Long.toUnsignedString(random.nextLong()));
  }

  @Test
  public void agreesWithTheJdkSplittableRandomStream() {
    for (long seed : new long[] {0L, 1L, -1L, 42L, Long.MIN_VALUE, 0x5eed5eed5eedL}) {
      SplitMix64 ours = new SplitMix64(seed);
      SplittableRandom jdk = new SplittableRandom(seed);
      for (int i = 0; i < 20; i++) {
        assertEquals("seed " + seed + " draw " + i, jdk.nextLong(), ours.nextLong());
      }
    }
  }

  @Test
  public void boundedDrawsCoverTheRangeEvenly() {
    SplitMix64 random = new SplitMix64(7L);
    int[] counts = new int[5];
    for (int i = 0; i < 50_000; i++) {
      counts[random.nextInt(5)]++;
    }
    for (int count : counts) {
      assertTrue("count " + count, Math.abs(count - 10_000) < 400);
    }
  }

  @Test
  public void boundOfOneAlwaysDrawsZero() {
    SplitMix64 random = new SplitMix64(3L);
    for (int i = 0; i < 100; i++) {
      assertEquals(0, random.nextInt(1));
    }
  }

  @Test
  public void hashDependsOnEveryCharacterAndIsStable() {
    assertEquals(SplitMix64.hash("recABC"), SplitMix64.hash("rec" + "ABC"));
    assertTrue(SplitMix64.hash("recABC") != SplitMix64.hash("recABD"));
    assertTrue(SplitMix64.hash("") != SplitMix64.hash(" "));
  }
}
