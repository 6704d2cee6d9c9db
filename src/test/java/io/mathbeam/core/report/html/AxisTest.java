package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.junit.Test;

public class AxisTest {
  @Test
  public void linearAxisRoundsOutToNiceTicks() {
    Axis a = Axis.linear(0, 87, 6, false);
    assertEquals(List.of(0.0, 20.0, 40.0, 60.0, 80.0, 100.0), a.ticks());
    assertEquals(0, a.min(), 0);
    assertEquals(100, a.max(), 0);
    assertEquals(0.5, a.fraction(50), 1e-12);
  }

  @Test
  public void linearAxisTicksCarryNoFloatingPointDust() {
    Axis a = Axis.linear(0, 0.7, 8, false);
    assertEquals(List.of(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7), a.ticks());
  }

  @Test
  public void integerAxisNeverStepsBelowOne() {
    assertEquals(List.of(0.0, 1.0, 2.0, 3.0), Axis.linear(0, 3, 10, true).ticks());
    assertEquals(List.of(0.0, 1.0), Axis.linear(0, 0, 5, true).ticks());
  }

  @Test
  public void niceStepPicksOneTwoTwoAndAHalfOrFive() {
    assertEquals(1, Axis.niceStep(0.9), 1e-12);
    assertEquals(2, Axis.niceStep(1.7), 1e-12);
    assertEquals(250, Axis.niceStep(230), 1e-12);
    assertEquals(5000, Axis.niceStep(4100), 1e-12);
    assertEquals(10, Axis.niceStep(6), 1e-12);
  }

  @Test
  public void log2AxisTicksAtPowersOfTwoAndTheEnd() {
    assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0), Axis.log2(1, 16).ticks());
    assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 12.0), Axis.log2(1, 12).ticks());
    Axis a = Axis.log2(1, 16);
    assertEquals(0.5, a.fraction(4), 1e-12);
    assertEquals(0.25, a.fraction(2), 1e-12);
  }

  @Test
  public void fractionIsClampedToTheAxis() {
    Axis a = Axis.fixed(0, 1, List.of());
    assertEquals(0, a.fraction(-3), 0);
    assertEquals(1, a.fraction(7), 0);
  }

  @Test
  public void svgNumbersAreLocaleFreeWithTwoDecimalsAtMost() {
    assertEquals("12", Svg.num(12.0001));
    assertEquals("12.5", Svg.num(12.5));
    assertEquals("-0.33", Svg.num(-1 / 3.0));
    assertEquals("0", Svg.num(Double.NaN));
  }
}
