package io.mathbeam.core.sim;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites of a gold answer: equivalent ones (kept simple so they are surely equal: zero padding
 * dropped, {@code \frac} to {@code \dfrac}, simple fractions to terminating decimals or {@code
 * a/b}, integers to {@code N.0}, integers of four digits or more with the thousands separators
 * {@code {,}} and {@code ,\!}) and plausible wrong ones.
 */
final class AnswerVariants {
  private static final Pattern INTEGER = Pattern.compile("-?\\d{1,12}");
  private static final Pattern PADDED = Pattern.compile("0+(\\d+)");
  private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,12}\\.\\d{1,8}");
  private static final Pattern FRACTION =
      Pattern.compile("(-?)\\\\d?frac\\{(-?\\d{1,9})\\}\\{(\\d{1,9})\\}");
  private static final Pattern DIGIT = Pattern.compile("\\d");
  private static final String[] EXPRESSIONS = {
    "\\sqrt{2}",
    "\\frac{\\pi}{3}",
    "2\\sqrt{3}",
    "\\frac{1}{4}",
    "(1, 2)",
    "x^2 + 1",
    "\\pi",
    "e",
    "\\frac{3}{2}",
    "12"
  };

  private AnswerVariants() {}

  /** Equivalent spellings of {@code gold}, the gold itself first. */
  static List<String> equivalents(String gold) {
    Set<String> out = new LinkedHashSet<>();
    String g = gold.trim();
    out.add(g);
    Matcher padded = PADDED.matcher(g);
    if (padded.matches()) {
      out.add(new BigInteger(padded.group(1)).toString());
    }
    if (INTEGER.matcher(g).matches() && !g.startsWith("0") && !g.startsWith("-0")) {
      out.add(g + ".0");
      if (g.replace("-", "").length() >= 4) {
        // Thousands separators as MATH solutions write them: 12{,}345 and 12,\!345.
        out.add(grouped(g, "{,}"));
        out.add(grouped(g, ",\\!"));
      }
    }
    if (g.contains("\\frac") && !g.contains("\\dfrac")) {
      out.add(g.replace("\\frac", "\\dfrac"));
    }
    Matcher fraction = FRACTION.matcher(g);
    if (fraction.matches()) {
      BigInteger num = new BigInteger(fraction.group(2));
      BigInteger den = new BigInteger(fraction.group(3));
      String sign = fraction.group(1);
      if (den.signum() != 0) {
        out.add(sign + num + "/" + den);
        try {
          BigDecimal value = new BigDecimal(num).divide(new BigDecimal(den));
          if (value.scale() <= 6) {
            out.add(sign + value.stripTrailingZeros().toPlainString());
          }
        } catch (ArithmeticException nonTerminating) {
          // keep only the exact spellings
        }
      }
    }
    return new ArrayList<>(out);
  }

  /** {@code 12345} with {@code separator} between groups of three digits. */
  private static String grouped(String integer, String separator) {
    String sign = integer.startsWith("-") ? "-" : "";
    String digits = integer.substring(sign.length());
    StringBuilder out = new StringBuilder();
    int head = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
    out.append(digits, 0, head);
    for (int i = head; i < digits.length(); i += 3) {
      out.append(separator).append(digits, i, i + 3);
    }
    return sign + out;
  }

  /** Three distinct plausible wrong answers for {@code gold}, stable for a given seed. */
  static List<String> wrongAnswers(String gold, long seed) {
    String g = gold.trim();
    Set<String> out = new LinkedHashSet<>();
    String compact = g.replace(" ", "");
    int[] deltas = {1, -1, 2, 10, -2, 3, 5, 7};
    int start = Math.floorMod(seed, deltas.length);
    if (INTEGER.matcher(g).matches() || PADDED.matcher(g).matches()) {
      BigInteger value = new BigInteger(g);
      for (int k = 0; out.size() < 3 && k < deltas.length * 2; k++) {
        BigInteger wrong = value.add(BigInteger.valueOf(deltas[(start + k) % deltas.length]));
        if (wrong.signum() >= 0 || value.signum() < 0) {
          out.add(wrong.toString());
        }
      }
      if (out.size() < 3) {
        out.add(value.multiply(BigInteger.TWO).add(BigInteger.ONE).toString());
      }
    } else if (DECIMAL.matcher(g).matches()) {
      BigDecimal value = new BigDecimal(g);
      out.add(value.add(BigDecimal.ONE).toPlainString());
      out.add(value.multiply(BigDecimal.valueOf(2)).add(BigDecimal.ONE).toPlainString());
      out.add(value.negate().subtract(BigDecimal.ONE).toPlainString());
    } else if (FRACTION.matcher(g).matches()) {
      Matcher m = FRACTION.matcher(g);
      m.matches();
      BigInteger num = new BigInteger(m.group(2));
      BigInteger den = new BigInteger(m.group(3));
      out.add(m.group(1) + "\\frac{" + num.add(BigInteger.ONE) + "}{" + den + "}");
      if (num.signum() != 0) {
        out.add(m.group(1) + "\\frac{" + num + "}{" + den.add(num.abs()).add(BigInteger.ONE) + "}");
      }
      out.add(m.group(1) + "\\frac{" + num.add(BigInteger.TWO) + "}{" + den + "}");
    } else {
      Matcher digit = DIGIT.matcher(g);
      if (digit.find()) {
        for (int bump = 1; out.size() < 2 && bump <= 3; bump++) {
          int d = g.charAt(digit.start()) - '0';
          int replaced = (d + bump) % 10;
          if (replaced == 0
              && digit.start() + 1 < g.length()
              && Character.isDigit(g.charAt(digit.start() + 1))) {
            replaced = 9;
          }
          out.add(g.substring(0, digit.start()) + replaced + g.substring(digit.start() + 1));
        }
      }
      for (int k = 0; out.size() < 3 && k < EXPRESSIONS.length; k++) {
        String candidate = EXPRESSIONS[(start + k) % EXPRESSIONS.length];
        if (!candidate.replace(" ", "").equals(compact)) {
          out.add(candidate);
        }
      }
    }
    out.remove(g);
    List<String> list = new ArrayList<>(out);
    return list.subList(0, Math.min(3, list.size()));
  }
}
