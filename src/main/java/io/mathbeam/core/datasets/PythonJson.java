package io.mathbeam.core.datasets;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes a row as one line of JSON exactly as Python's {@code json.dumps(row, ensure_ascii=False)}
 * does: {@code ", "} and {@code ": "} separators, keys in insertion order, non-ASCII text as is.
 * The benchmark files in the shared data folder were written that way, so a conversion that
 * reproduces their rows reproduces their sha256 too.
 */
public final class PythonJson {
  private PythonJson() {}

  public static String line(Map<String, ?> row) {
    StringBuilder out = new StringBuilder();
    write(row, out);
    return out.toString();
  }

  private static void write(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(s, out);
    } else if (value instanceof Boolean b) {
      out.append(b ? "true" : "false");
    } else if (value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof BigInteger) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        string(String.valueOf(e.getKey()), out);
        out.append(": ");
        write(e.getValue(), out);
        if (it.hasNext()) {
          out.append(", ");
        }
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        write(list.get(i), out);
      }
      out.append(']');
    } else {
      // Python's float repr differs from Java's (1e-05 vs 1.0E-5): conversions turn numbers into
      // strings or integers first, so a float here is a bug in a conversion
      throw new IllegalArgumentException(
          "cannot write " + value.getClass().getSimpleName() + " " + value + " as Python would");
    }
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * A JSON number as Python's {@code str()} of the value the source meant: {@code 27.0} (an AMC
   * answer stored as a float) becomes {@code 27}, {@code 2.50} becomes {@code 2.5}.
   */
  public static String numberText(Number n) {
    BigDecimal d = n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
    d = d.stripTrailingZeros();
    return d.scale() <= 0 ? d.toBigInteger().toString() : d.toPlainString();
  }
}
