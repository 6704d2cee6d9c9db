package io.mathbeam.pipelines.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The gold answer of one synthetic problem and the final answers a sample may give for it: the gold
 * itself, the same value written another way ({@code 0.75} for {@code \frac{3}{4}}), a wrong value
 * in the same form, or junk the grader cannot read as mathematics.
 *
 * @param form how the gold is written
 * @param golds the accepted answers (usually one; a few problems accept two spellings, as real
 *     benchmark files sometimes do)
 * @param equivalents the gold's value written in other forms, each of which the grader should
 *     accept
 * @param wrongs different values in the gold's form
 */
record SyntheticRunAnswer(
    SyntheticRunAnswer.Form form,
    List<String> golds,
    List<String> equivalents,
    List<String> wrongs) {

  /** How a gold answer is written. */
  enum Form {
    INTEGER,
    FRACTION,
    SQRT,
    INTERVAL,
    DECIMAL,
    EXPRESSION,
    PI_MULTIPLE
  }

  /**
   * Final answers the grader reads as mathematics but cannot parse (checked against the grader:
   * each grades {@code unparseable} for any gold); {@code %d} is replaced by a small number.
   */
  private static final String[] JUNK = {
    "\\frac{%d}{}+*", "%d +* \\sqrt{}", ")(%d", "\\sqrt[]{}", "%d^{+}", "x ==== %d"
  };

  SyntheticRunAnswer {
    golds = List.copyOf(golds);
    equivalents = List.copyOf(equivalents);
    wrongs = List.copyOf(wrongs);
  }

  /** A gold answer of {@code form}, its equivalent spellings and some wrong values. */
  static SyntheticRunAnswer draw(Form form, SplittableRandom rng) {
    return switch (form) {
      case INTEGER -> integer(rng, rng.nextInt(4) == 0 ? 100_000 : 1_000);
      case FRACTION -> fraction(rng);
      case SQRT -> sqrt(rng);
      case INTERVAL -> interval(rng);
      case DECIMAL -> decimal(rng);
      case EXPRESSION -> expression(rng);
      case PI_MULTIPLE -> piMultiple(rng);
    };
  }

  /** An answer no grader can parse. */
  static String junk(SplittableRandom rng) {
    return JUNK[rng.nextInt(JUNK.length)].replace("%d", Integer.toString(1 + rng.nextInt(99)));
  }

  /** A value the sample gets wrong, or an equivalent spelling of the gold, picked at random. */
  String pickWrong(SplittableRandom rng) {
    return wrongs.get(rng.nextInt(wrongs.size()));
  }

  String pickEquivalent(SplittableRandom rng) {
    return equivalents.get(rng.nextInt(equivalents.size()));
  }

  /** The canonical gold: the first accepted answer. */
  String gold() {
    return golds.get(0);
  }

  private static SyntheticRunAnswer integer(SplittableRandom rng, int bound) {
    int n = rng.nextInt(bound);
    List<String> equivalents = new ArrayList<>(List.of(n + ".0", "\\frac{" + 2 * n + "}{2}"));
    if (n >= 1000) {
      equivalents.add(String.format("%,d", n));
    }
    int delta = 1 + rng.nextInt(20);
    List<String> wrongs =
        List.of(
            Integer.toString(n + delta), Integer.toString(n >= delta ? n - delta : n + 2 * delta));
    return new SyntheticRunAnswer(Form.INTEGER, List.of(Integer.toString(n)), equivalents, wrongs);
  }

  private static SyntheticRunAnswer fraction(SplittableRandom rng) {
    int q;
    int p;
    do {
      q = 2 + rng.nextInt(15);
      p = 1 + rng.nextInt(3 * q);
    } while (gcd(p, q) != 1);
    String gold = frac(p, q);
    List<String> equivalents =
        new ArrayList<>(List.of(p + "/" + q, "\\dfrac{" + p + "}{" + q + "}", frac(2 * p, 2 * q)));
    String decimal = terminatingDecimal(p, q);
    if (decimal != null) {
      equivalents.add(decimal);
      equivalents.add(decimal);
    }
    List<String> wrongs = List.of(frac(p + 1, q), frac(p, q + 1));
    List<String> golds =
        rng.nextInt(20) == 0 && decimal != null ? List.of(gold, decimal) : List.of(gold);
    return new SyntheticRunAnswer(Form.FRACTION, golds, equivalents, wrongs);
  }

  private static SyntheticRunAnswer sqrt(SplittableRandom rng) {
    int[] squareFree = {2, 3, 5, 6, 7, 10, 11, 13, 15};
    int b = squareFree[rng.nextInt(squareFree.length)];
    int a = 1 + rng.nextInt(6);
    String coefficient = a == 1 ? "" : Integer.toString(a);
    String gold = coefficient + "\\sqrt{" + b + "}";
    List<String> equivalents = new ArrayList<>(List.of("\\sqrt{" + a * a * b + "}"));
    if (a > 1) {
      equivalents.add(a + "\\cdot\\sqrt{" + b + "}");
      if (b < 10) {
        // TeX reads \sqrt 15 as \sqrt{1}5: the brace-less form only works for one digit
        equivalents.add(a + " \\sqrt " + b);
      }
    }
    List<String> wrongs = List.of((a + 1) + "\\sqrt{" + b + "}", "\\sqrt{" + (a * a * b + 1) + "}");
    return new SyntheticRunAnswer(Form.SQRT, List.of(gold), equivalents, wrongs);
  }

  private static SyntheticRunAnswer interval(SplittableRandom rng) {
    int left = rng.nextInt(21) - 10;
    int right = left + 1 + rng.nextInt(12);
    if (rng.nextInt(3) == 0) {
      String gold = "(-\\infty, " + right + "]";
      return new SyntheticRunAnswer(
          Form.INTERVAL,
          List.of(gold),
          List.of("(-\\infty," + right + "]", "\\left(-\\infty, " + right + "\\right]"),
          List.of("(-\\infty, " + (right + 1) + "]", "(-\\infty, " + right + ")"));
    }
    String gold = "[" + left + ", " + right + ")";
    return new SyntheticRunAnswer(
        Form.INTERVAL,
        List.of(gold),
        List.of("[" + left + "," + right + ")", "\\left[" + left + ", " + right + "\\right)"),
        List.of("[" + left + ", " + (right + 1) + ")", "(" + left + ", " + right + "]"));
  }

  private static SyntheticRunAnswer decimal(SplittableRandom rng) {
    int[] denominators = {2, 4, 5, 8, 10, 20, 25};
    int q = denominators[rng.nextInt(denominators.length)];
    int p;
    do {
      p = 1 + rng.nextInt(10 * q);
    } while (gcd(p, q) != 1);
    String gold = terminatingDecimal(p, q);
    return new SyntheticRunAnswer(
        Form.DECIMAL,
        List.of(gold),
        List.of(frac(p, q), p + "/" + q, gold + "0"),
        List.of(terminatingDecimal(p + 1, q), terminatingDecimal(p, 2 * q)));
  }

  private static SyntheticRunAnswer expression(SplittableRandom rng) {
    int a = 1 + rng.nextInt(9);
    String gold = "x^2+" + 2 * a + "x+" + a * a;
    return new SyntheticRunAnswer(
        Form.EXPRESSION,
        List.of(gold),
        List.of("(x+" + a + ")^2", a * a + "+" + 2 * a + "x+x^2", "(" + a + "+x)^2"),
        List.of("(x+" + (a + 1) + ")^2", "x^2+" + 2 * a + "x", "(x-" + a + ")^2"));
  }

  private static SyntheticRunAnswer piMultiple(SplittableRandom rng) {
    int q = 2 + rng.nextInt(11);
    String gold = "\\frac{\\pi}{" + q + "}";
    return new SyntheticRunAnswer(
        Form.PI_MULTIPLE,
        List.of(gold),
        List.of("\\pi/" + q, "\\frac{1}{" + q + "}\\pi", "\\dfrac{\\pi}{" + q + "}"),
        List.of("\\frac{\\pi}{" + (q + 1) + "}", "\\frac{2\\pi}{" + q + "}"));
  }

  private static String frac(int p, int q) {
    return "\\frac{" + p + "}{" + q + "}";
  }

  /** {@code p/q} as a finite decimal, or null when it has none. */
  private static String terminatingDecimal(int p, int q) {
    int rest = q;
    int twos = 0;
    int fives = 0;
    while (rest % 2 == 0) {
      rest /= 2;
      twos++;
    }
    while (rest % 5 == 0) {
      rest /= 5;
      fives++;
    }
    if (rest != 1) {
      return null;
    }
    return new java.math.BigDecimal(p)
        .divide(
            new java.math.BigDecimal(q), Math.max(twos, fives), java.math.RoundingMode.UNNECESSARY)
        .stripTrailingZeros()
        .toPlainString();
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
