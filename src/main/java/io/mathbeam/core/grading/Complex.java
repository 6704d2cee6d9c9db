package io.mathbeam.core.grading;

/** A complex number of doubles with the principal branches of the elementary functions. */
record Complex(double re, double im) {
  static final Complex ZERO = new Complex(0, 0);
  static final Complex ONE = new Complex(1, 0);
  static final Complex I = new Complex(0, 1);

  Complex {
    // -0.0 would put log(-1) on the wrong side of the branch cut.
    re = re + 0.0;
    im = im + 0.0;
  }

  static Complex real(double re) {
    return new Complex(re, 0);
  }

  boolean isReal() {
    return im == 0;
  }

  boolean isFinite() {
    return Double.isFinite(re) && Double.isFinite(im);
  }

  double abs() {
    return Math.hypot(re, im);
  }

  Complex add(Complex o) {
    return new Complex(re + o.re, im + o.im);
  }

  Complex subtract(Complex o) {
    return new Complex(re - o.re, im - o.im);
  }

  Complex negate() {
    return new Complex(-re, -im);
  }

  Complex multiply(Complex o) {
    if (im == 0 && o.im == 0) {
      return real(re * o.re);
    }
    return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
  }

  Complex divide(Complex o) {
    if (im == 0 && o.im == 0) {
      return real(re / o.re);
    }
    double d = o.re * o.re + o.im * o.im;
    return new Complex((re * o.re + im * o.im) / d, (im * o.re - re * o.im) / d);
  }

  Complex exp() {
    double m = Math.exp(re);
    return im == 0 ? real(m) : new Complex(m * Math.cos(im), m * Math.sin(im));
  }

  Complex log() {
    if (im == 0 && re > 0) {
      return real(Math.log(re));
    }
    return new Complex(Math.log(abs()), Math.atan2(im, re));
  }

  Complex sqrt() {
    if (im == 0 && re >= 0) {
      return real(Math.sqrt(re));
    }
    double m = abs();
    double r = Math.sqrt((m + re) / 2);
    double i = Math.copySign(Math.sqrt((m - re) / 2), im == 0 ? 1 : im);
    return new Complex(r, i);
  }

  Complex pow(Complex e) {
    if (e.im == 0 && im == 0) {
      double x = e.re;
      if (re >= 0 || x == Math.rint(x)) {
        return real(Math.pow(re, x));
      }
    }
    if (re == 0 && im == 0) {
      return e.re > 0 ? ZERO : new Complex(Double.NaN, Double.NaN);
    }
    return e.multiply(log()).exp();
  }

  Complex sin() {
    return new Complex(Math.sin(re) * Math.cosh(im), Math.cos(re) * Math.sinh(im));
  }

  Complex cos() {
    return new Complex(Math.cos(re) * Math.cosh(im), -Math.sin(re) * Math.sinh(im));
  }

  /** Within {@code relative} of the larger magnitude plus {@code absolute}. */
  boolean closeTo(Complex other, double relative, double absolute) {
    return subtract(other).abs() <= relative * Math.max(abs(), other.abs()) + absolute;
  }

  /** Whether the imaginary part is negligible against the real one (rounding, not a value). */
  boolean isNearlyReal() {
    return Math.abs(im) <= 1e-12 * Math.max(1, Math.abs(re));
  }
}
