package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.math.BigInteger;
import org.junit.Test;

public class PassAtKTest {
  @Test
  public void matchesExactBinomialValues() {
    // n=5, c=2, k=2: 1 - C(3,2)/C(5,2) = 1 - 3/10
    assertEquals(0.7, PassAtK.estimate(5, 2, 2), 1e-12);
    // n=10, c=3, k=1: c/n
    assertEquals(0.3, PassAtK.estimate(10, 3, 1), 1e-12);
    // n=4, c=1, k=3: 1 - C(3,3)/C(4,3) = 3/4
    assertEquals(0.75, PassAtK.estimate(4, 1, 3), 1e-12);
  }

  @Test
  public void isOneWhenTooFewWrongSamplesToFillK() {
    assertEquals(1.0, PassAtK.estimate(8, 6, 3), 0.0);
    assertEquals(1.0, PassAtK.estimate(1, 1, 1), 0.0);
  }

  @Test
  public void isZeroWithNoCorrectSample() {
    assertEquals(0.0, PassAtK.estimate(64, 0, 64), 0.0);
  }

  @Test
  public void agreesWithBigIntegerBinomialsForLargeN() {
    int n = 1000;
    int c = 37;
    for (int k : new int[] {1, 10, 100, 500, 963}) {
      double exact =
          1.0
              - new java.math.BigDecimal(binomial(n - c, k))
                  .divide(
                      new java.math.BigDecimal(binomial(n, k)), java.math.MathContext.DECIMAL128)
                  .doubleValue();
      assertEquals("k=" + k, exact, PassAtK.estimate(n, c, k), 1e-12);
    }
  }

  @Test
  public void curveIsNonDecreasingInK() {
    double[] curve = PassAtK.curve(64, 5);
    assertEquals(64, curve.length);
    for (int k = 1; k < curve.length; k++) {
      assertTrue(curve[k] >= curve[k - 1]);
    }
    assertEquals(5 / 64.0, curve[0], 1e-12);
  }

  @Test
  public void rejectsInvalidArguments() {
    assertThrows(IllegalArgumentException.class, () -> PassAtK.estimate(4, 5, 1));
    assertThrows(IllegalArgumentException.class, () -> PassAtK.estimate(4, 1, 5));
    assertThrows(IllegalArgumentException.class, () -> PassAtK.estimate(4, 1, 0));
  }

  private static BigInteger binomial(int n, int k) {
    BigInteger r = BigInteger.ONE;
    for (int i = 0; i < k; i++) {
      r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
    }
    return r;
  }
}
