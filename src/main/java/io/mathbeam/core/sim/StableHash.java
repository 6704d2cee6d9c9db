package io.mathbeam.core.sim;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Stable 64-bit hashes (independent of JVM and run) for seeding the simulated model. */
final class StableHash {
  private StableHash() {}

  static long of(String text, long salt) {
    long h = 0xcbf29ce484222325L ^ salt;
    for (int i = 0; i < text.length(); i++) {
      h ^= text.charAt(i);
      h *= 0x100000001b3L;
    }
    return mix(h);
  }

  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  static long combine(long a, long b) {
    return mix(a * 31 + mix(b));
  }

  static String sha256Hex(String text, int hexChars) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      StringBuilder out = new StringBuilder();
      for (byte b : digest) {
        out.append(String.format("%02x", b));
        if (out.length() >= hexChars) {
          break;
        }
      }
      return out.substring(0, Math.min(hexChars, out.length()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from the JDK", e);
    }
  }
}
