package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Product;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Var;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a scalar expression in complex doubles at given variable values. Marks the result
 * unreliable when any step overflows, underflows to zero or to a subnormal double, or when the
 * final value leaves the range 1e-280..1e280, so a comparison never trusts {@code 1/2006!} rounded
 * to 0. A tiny but normal intermediate ({@code 2^{-1000}} in {@code 2^{2^{-1000}}}) keeps its
 * relative precision and is trusted. Every node, a number's conversion to double (by its size) and
 * the loop of a factorial are charged to the call's {@link WorkBudget}. One instance per
 * evaluation.
 */
final class NumericEvaluator {
  private static final double LIMIT = 1e280;
  private static final double[] LANCZOS = {
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7
  };

  private final Map<String, Complex> values;
  private final WorkBudget budget;
  private boolean unreliable;

  NumericEvaluator(Map<String, Complex> values, WorkBudget budget) {
    this.values = values;
    this.budget = budget;
  }

  /** The value, or null when it is unreliable or not a scalar. */
  static Complex evaluate(Expr e, Map<String, Complex> values, WorkBudget budget) {
    NumericEvaluator evaluator = new NumericEvaluator(values, budget);
    Complex v;
    try {
      v = evaluator.eval(e);
    } catch (UnsupportedOperationException notScalar) {
      return null;
    }
    double m = v.abs();
    if (evaluator.unreliable || m > LIMIT || m != 0 && m < 1 / LIMIT) {
      return null;
    }
    return v;
  }

  private Complex eval(Expr e) {
    budget.charge(1);
    Complex v = compute(e);
    double m = v.abs();
    if (!v.isFinite() || m != 0 && m < Double.MIN_NORMAL) {
      unreliable = true;
    }
    return v;
  }

  private Complex compute(Expr e) {
    if (e instanceof Num n) {
      budget.charge(ArithmeticCost.toDouble(n.value()));
      return Complex.real(n.value().toDouble());
    }
    if (e instanceof Var v) {
      Complex value = values.get(v.name());
      if (value == null) {
        throw new UnsupportedOperationException("unbound " + v.name());
      }
      return value;
    }
    if (e instanceof Const c) {
      return switch (c.name()) {
        case "pi" -> Complex.real(Math.PI);
        case "e" -> Complex.real(Math.E);
        case "i" -> Complex.I;
        default -> Complex.real(Double.POSITIVE_INFINITY);
      };
    }
    if (e instanceof Neg n) {
      return eval(n.operand()).negate();
    }
    if (e instanceof Sum s) {
      Complex total = Complex.ZERO;
      for (Expr term : s.terms()) {
        total = total.add(eval(term));
      }
      return total;
    }
    if (e instanceof Product p) {
      Complex total = Complex.ONE;
      for (Expr factor : p.factors()) {
        Complex f = eval(factor);
        Complex next = total.multiply(f);
        underflowIf(next, total.abs() != 0 && f.abs() != 0);
        total = next;
      }
      return total;
    }
    if (e instanceof Quotient q) {
      Complex num = eval(q.numerator());
      Complex result = num.divide(eval(q.denominator()));
      underflowIf(result, num.abs() != 0);
      return result;
    }
    if (e instanceof Power p) {
      Complex base = eval(p.base());
      Complex result = base.pow(eval(p.exponent()));
      underflowIf(result, base.abs() != 0);
      return result;
    }
    if (e instanceof Call c) {
      return call(c);
    }
    throw new UnsupportedOperationException("not a scalar: " + e.getClass().getSimpleName());
  }

  private void underflowIf(Complex result, boolean operandsNonZero) {
    if (operandsNonZero && result.abs() == 0) {
      unreliable = true;
    }
  }

  private Complex call(Call c) {
    List<Expr> args = c.args();
    Complex x = eval(args.get(0));
    switch (c.function()) {
      case "sqrt":
        return x.sqrt();
      case "root":
        {
          Complex n = eval(args.get(1));
          if (x.isReal() && x.re() < 0 && n.isReal() && n.re() % 2 == 1) {
            return Complex.real(-Math.pow(-x.re(), 1 / n.re()));
          }
          return x.pow(Complex.ONE.divide(n));
        }
      case "sin":
        return x.sin();
      case "cos":
        return x.cos();
      case "tan":
        return x.sin().divide(x.cos());
      case "sec":
        return Complex.ONE.divide(x.cos());
      case "csc":
        return Complex.ONE.divide(x.sin());
      case "cot":
        return x.cos().divide(x.sin());
      case "sinh":
        return x.exp().subtract(x.negate().exp()).divide(Complex.real(2));
      case "cosh":
        return x.exp().add(x.negate().exp()).divide(Complex.real(2));
      case "tanh":
        {
          Complex a = x.exp();
          Complex b = x.negate().exp();
          return a.subtract(b).divide(a.add(b));
        }
      case "arcsin":
        return realOnly(x, Math.asin(x.re()));
      case "arccos":
        return realOnly(x, Math.acos(x.re()));
      case "arctan":
        return realOnly(x, Math.atan(x.re()));
      case "exp":
        {
          Complex r = x.exp();
          underflowIf(r, true);
          return r;
        }
      case "cis":
        return new Complex(0, 1).multiply(x).exp();
      case "conj":
        return new Complex(x.re(), -x.im());
      case "ln":
        return x.log();
      case "log":
        return x.log().divide(eval(args.get(1)).log());
      case "abs":
        return Complex.real(x.abs());
      case "floor":
        return realOnly(x, Math.floor(x.re()));
      case "ceil":
        return realOnly(x, Math.ceil(x.re()));
      case "factorial":
        chargeGamma(x.re() + 1);
        return realOnly(x, gamma(x.re() + 1));
      case "binom":
        {
          Complex k = eval(args.get(1));
          if (!x.isReal() || !k.isReal()) {
            return new Complex(Double.NaN, Double.NaN);
          }
          chargeGamma(x.re() + 1);
          chargeGamma(k.re() + 1);
          chargeGamma(x.re() - k.re() + 1);
          return Complex.real(gamma(x.re() + 1) / (gamma(k.re() + 1) * gamma(x.re() - k.re() + 1)));
        }
      default:
        return unknownFunction(c.function(), args);
    }
  }

  /** An arbitrary but fixed smooth function per name, so f(x) equals f(x) and not g(x) or f(2x). */
  private Complex unknownFunction(String name, List<Expr> args) {
    int h = name.hashCode();
    double a = 0.7 + (h & 0xff) / 256.0;
    double b = ((h >>> 8) & 0xff) / 64.0;
    Complex total = Complex.real(b);
    for (int k = 0; k < args.size(); k++) {
      Complex x = eval(args.get(k));
      total =
          total
              .add(x.multiply(Complex.real(a * (k + 1))).add(Complex.real(b)).sin())
              .add(x.multiply(Complex.real(0.3)));
    }
    return total;
  }

  /** The steps of {@link #gamma}: its product loop for an integer, else the Lanczos sum. */
  private void chargeGamma(double x) {
    boolean product = x == Math.rint(x) && x > 0 && x <= 171;
    budget.charge(1 + (product ? (long) x : 2L * LANCZOS.length));
  }

  private static Complex realOnly(Complex x, double value) {
    return x.isReal() ? Complex.real(value) : new Complex(Double.NaN, Double.NaN);
  }

  /** Gamma for reals: exact products for small integers, Lanczos otherwise. */
  static double gamma(double x) {
    if (x == Math.rint(x)) {
      if (x <= 0) {
        return Double.NaN;
      }
      if (x > 171) {
        return Double.POSITIVE_INFINITY;
      }
      double r = 1;
      for (int i = 2; i < x; i++) {
        r *= i;
      }
      return r;
    }
    if (x < 0.5) {
      return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
    }
    if (x > 172) {
      return Double.POSITIVE_INFINITY;
    }
    double y = x - 1;
    double a = LANCZOS[0];
    double t = y + 7.5;
    for (int i = 1; i < LANCZOS.length; i++) {
      a += LANCZOS[i] / (y + i);
    }
    return Math.sqrt(2 * Math.PI) * Math.pow(t, y + 0.5) * Math.exp(-t) * a;
  }
}
