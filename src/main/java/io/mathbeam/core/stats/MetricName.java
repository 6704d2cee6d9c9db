package io.mathbeam.core.stats;

import java.util.Locale;

/** A metric and its k, written {@code pass@8} or {@code maj@16}. */
public record MetricName(MetricKind kind, int k) implements Comparable<MetricName> {

  public MetricName {
    if (kind == null || k < 1) {
      throw new IllegalArgumentException("need a kind and k >= 1, got " + kind + "@" + k);
    }
  }

  public static MetricName pass(int k) {
    return new MetricName(MetricKind.PASS, k);
  }

  public static MetricName maj(int k) {
    return new MetricName(MetricKind.MAJ, k);
  }

  /**
   * Parses {@code pass@k} or {@code maj@k} (case and surrounding spaces ignored).
   *
   * @throws IllegalArgumentException naming the text when it is neither
   */
  public static MetricName parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    int at = t.indexOf('@');
    if (at > 0) {
      String label = t.substring(0, at).trim();
      String digits = t.substring(at + 1).trim();
      for (MetricKind kind : MetricKind.values()) {
        if (kind.label().equals(label) && digits.matches("[0-9]{1,9}")) {
          int k = Integer.parseInt(digits);
          if (k >= 1) {
            return new MetricName(kind, k);
          }
        }
      }
    }
    throw new IllegalArgumentException(
        "not a metric name (want pass@k or maj@k with k >= 1): '" + text + "'");
  }

  @Override
  public int compareTo(MetricName o) {
    return kind != o.kind ? kind.compareTo(o.kind) : Integer.compare(k, o.k);
  }

  @Override
  public String toString() {
    return kind.label() + "@" + k;
  }
}
