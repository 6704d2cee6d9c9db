package io.mathbeam.core.report.html;

/**
 * Escaping for untrusted text. The same escape serves HTML text, quoted attribute values and SVG
 * (XML) text, so every string from a model, a problem or a run fact goes through {@link #escape}.
 */
final class Html {
  private Html() {}

  /** Escapes {@code & < > " '}; null becomes the empty string. */
  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String replacement =
          switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            case '"' -> "&quot;";
            case '\'' -> "&#39;";
            default -> null;
          };
      if (replacement == null && isForbiddenControl(c)) {
        replacement = "\uFFFD";
      }
      if (replacement != null) {
        if (out == null) {
          out = new StringBuilder(s.length() + 16).append(s, 0, i);
        }
        out.append(replacement);
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? s : out.toString();
  }

  /**
   * Makes JSON safe inside {@code <script type="application/json">}: {@code <}, {@code >} and
   * {@code &} only occur inside JSON strings, where their \\u escapes mean the same characters, so
   * no {@code </script>} or {@code <!--} can appear in the element's text.
   */
  static String jsonForScript(String json) {
    StringBuilder out = new StringBuilder(json.length() + 16);
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      switch (c) {
        case '<' -> out.append("\\u003c");
        case '>' -> out.append("\\u003e");
        case '&' -> out.append("\\u0026");
        case '\u2028' -> out.append("\\u2028");
        case '\u2029' -> out.append("\\u2029");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  // XML (inline SVG, and our well-formedness tests) rejects these; HTML shows them as garbage.
  private static boolean isForbiddenControl(char c) {
    return (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0xFFFE || c == 0xFFFF;
  }
}
