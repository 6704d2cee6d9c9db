package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.Test;

public class FormatsTest {
  @Test
  public void groupedWritesWhatTheFormatterWrites() {
    long[] edges = {
      0,
      7,
      -7,
      999,
      -999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -1_234_567,
      Long.MAX_VALUE,
      Long.MIN_VALUE,
      Long.MIN_VALUE + 1
    };
    for (long v : edges) {
      assertEquals(String.format(Locale.ROOT, "%,d", v), Formats.grouped(v));
    }
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      // every digit count from 1 to 19, both signs
      long v = random.nextLong() >> random.nextInt(64);
      assertEquals(String.format(Locale.ROOT, "%,d", v), Formats.grouped(v));
    }
  }

  /** Svg.num as it was written before, with the formatter. */
  private static String formatted(double v) {
    if (!Double.isFinite(v)) {
      return "0";
    }
    long hundredths = Math.round(v * 100);
    if (hundredths % 100 == 0) {
      return Long.toString(hundredths / 100);
    }
    String s = String.format(Locale.ROOT, "%.2f", hundredths / 100.0);
    return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
  }

  @Test
  public void svgNumbersAreWhatTheFormatterWrote() {
    double[] edges = {
      0,
      -0.0,
      0.005,
      -0.005,
      0.05,
      -0.05,
      0.5,
      -0.5,
      1.004,
      1.005,
      12.25,
      -12.25,
      99.999,
      1e13 + 0.37,
      -4e14 - 0.1,
      1e16 + 0.5,
      3e18,
      Double.NaN,
      Double.POSITIVE_INFINITY
    };
    for (double v : edges) {
      assertEquals("at " + v, formatted(v), Svg.num(v));
    }
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < 20_000; i++) {
      double v = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-3, 17));
      assertEquals("at " + v, formatted(v), Svg.num(v));
    }
  }

  @Test
  public void numberGroupsWholeValuesAndKeepsDecimalsForOthers() {
    assertEquals("1,234", Formats.number(1234.0));
    assertEquals("-12,345,678", Formats.number(-12_345_678.0));
    assertEquals("n/a", Formats.number(Double.NaN));
    assertEquals(Svg.num(12.25), Formats.number(12.25));
  }
}
