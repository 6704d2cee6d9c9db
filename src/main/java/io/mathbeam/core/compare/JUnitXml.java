package io.mathbeam.core.compare;

/**
 * The gate results as JUnit XML, so CI systems show a failing rule as a failing test: one {@code
 * <testsuite name="mathbeam-compare">} holding one {@code <testcase classname=DATASET name=RULE>}
 * per rule result, with {@code <failure>} when the rule failed and {@code <error>} when it could
 * not be evaluated. A warning (a significant drop within the rule's margin) is a passing test case
 * whose output starts with {@code WARNING:}; the suite's {@code warnings} property counts them.
 */
public final class JUnitXml {
  public static final String SUITE = "mathbeam-compare";

  private JUnitXml() {}

  public static String render(ComparisonReport report, Verdict verdict) {
    StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.append("<testsuite name=\"")
        .append(SUITE)
        .append("\" tests=\"")
        .append(verdict.results().size())
        .append("\" failures=\"")
        .append(verdict.withStatus(RuleStatus.FAIL).size())
        .append("\" errors=\"")
        .append(verdict.withStatus(RuleStatus.NOT_EVALUABLE).size())
        .append("\" skipped=\"0\" time=\"0\">\n");
    out.append("  <properties>\n");
    property(out, "baseline", report.baselineName());
    property(out, "candidate", report.candidateName());
    property(out, "seed", Long.toString(report.options().seed()));
    property(out, "warnings", Integer.toString(verdict.withStatus(RuleStatus.WARN).size()));
    out.append("  </properties>\n");
    for (RuleResult r : verdict.results()) {
      out.append("  <testcase classname=\"")
          .append(escape(r.dataset()))
          .append("\" name=\"")
          .append(escape(r.rule().describe()))
          .append("\" time=\"0\"");
      switch (r.status()) {
        case PASS -> passed(out, r, "");
        case WARN -> passed(out, r, "WARNING: ");
        case FAIL -> problem(out, "failure", "regression", r.reason(), withPower(r, ""));
        case NOT_EVALUABLE -> problem(out, "error", "not-evaluable", r.reason(), r.reason());
      }
    }
    out.append("</testsuite>\n");
    return out.toString();
  }

  private static void passed(StringBuilder out, RuleResult r, String prefix) {
    out.append(">\n    <system-out>")
        .append(escape(withPower(r, prefix)))
        .append("</system-out>\n  </testcase>\n");
  }

  /** The reason, then on its own line what the drop test could detect. */
  private static String withPower(RuleResult r, String prefix) {
    return prefix + r.reason() + (r.power() == null ? "" : "\n" + r.power().describe());
  }

  private static void problem(
      StringBuilder out, String element, String type, String reason, String text) {
    out.append(">\n    <")
        .append(element)
        .append(" message=\"")
        .append(escape(reason))
        .append("\" type=\"")
        .append(type)
        .append("\">")
        .append(escape(text))
        .append("</")
        .append(element)
        .append(">\n  </testcase>\n");
  }

  private static void property(StringBuilder out, String name, String value) {
    out.append("    <property name=\"")
        .append(name)
        .append("\" value=\"")
        .append(escape(value))
        .append("\"/>\n");
  }

  /**
   * Escapes text for attribute values and content alike; characters XML 1.0 cannot carry at all
   * (most control characters, lone surrogates) become U+FFFD.
   */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      switch (cp) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&apos;");
          // Attribute normalization would turn raw line breaks and tabs into spaces.
        case '\n' -> out.append("&#10;");
        case '\r' -> out.append("&#13;");
        case '\t' -> out.append("&#9;");
        default -> {
          boolean allowed =
              (cp >= 0x20 && cp <= 0xD7FF)
                  || (cp >= 0xE000 && cp <= 0xFFFD)
                  || (cp >= 0x10000 && cp <= 0x10FFFF);
          if (allowed) {
            out.appendCodePoint(cp);
          } else {
            out.append('\uFFFD');
          }
        }
      }
    }
    return out.toString();
  }
}
