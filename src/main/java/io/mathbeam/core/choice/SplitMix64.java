package io.mathbeam.core.choice;

/**
 * The SplitMix64 generator (Steele, Lea and Flood), written out here rather than taken from {@link
 * java.util.SplittableRandom} because option orders must never change with the JDK.
 */
final class SplitMix64 {
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private long state;

  SplitMix64(long seed) {
    this.state = seed;
  }

  long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  /** Uniform in [0, bound), without modulo bias. */
  int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, got " + bound);
    }
    // 2^63 values in [0, 2^63); accept only the largest multiple of bound of them
    long limit = Long.divideUnsigned(Long.MIN_VALUE, bound) * bound;
    long r;
    do {
      r = nextLong() >>> 1;
    } while (Long.compareUnsigned(r, limit) >= 0);
    return (int) (r % bound);
  }

  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** A 64-bit FNV-1a hash of the UTF-16 units of {@code text}, finished with {@link #mix}. */
  static long hash(String text) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < text.length(); i++) {
      h ^= text.charAt(i);
      h *= 0x100000001b3L;
    }
    return mix(h);
  }
}
