package io.mathbeam.core.report.html;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The problem browser: every problem with its grades, and the text of some of its responses inside
 * {@code <details>}, as many and as long as the {@link ResponsePlan} allows.
 */
final class ProblemBrowser {
  private static final int MAX_ANSWER_CHARS = 60;
  private static final int MAX_CODE_CHARS = 6_000;
  private static final int MAX_FAILURE_CHARS = 2_000;

  private ProblemBrowser() {}

  /** What the browser left out, for the notice above it and for tests. */
  record Omissions(
      long samples,
      long embedded,
      int perProblem,
      long shortened,
      int responseCap,
      long embeddedChars,
      long problemsCut) {}

  static Omissions render(StringBuilder out, List<ProblemView> problems, ReportLimits limits) {
    ResponsePlan plan = ResponsePlan.of(problems, limits);
    int cap = plan.cap();
    long samples = 0;
    long embedded = 0;
    long shortened = 0;
    long chars = 0;
    long problemsCut = 0;
    StringBuilder list = new StringBuilder();
    for (int n = 0; n < problems.size(); n++) {
      ProblemView p = problems.get(n);
      int correct = p.correctCount();
      List<SampleView> ss = p.samples();
      samples += ss.size();
      list.append("<article class=\"problem\" id=\"problem-")
          .append(n + 1)
          .append("\" data-dataset=\"")
          .append(Html.escape(p.dataset()))
          .append("\" data-id=\"")
          .append(Html.escape(p.problemId()))
          .append("\" data-correct=\"")
          .append(correct)
          .append("\" data-samples=\"")
          .append(ss.size())
          .append("\">\n<h3>")
          .append(Html.escape(p.dataset()))
          .append(" / ")
          .append(Html.escape(p.problemId()))
          .append(" <span class=\"badge ")
          .append(correct == 0 ? "bad" : correct == ss.size() ? "ok" : "mixed")
          .append("\">")
          .append(correct)
          .append('/')
          .append(ss.size())
          .append(" correct</span></h3>\n");
      String text = p.problem() == null ? "" : p.problem();
      list.append("<div class=\"problem-text\">");
      if (text.length() > limits.problemChars()) {
        problemsCut++;
        list.append(Html.escape(text.substring(0, safeEnd(text, limits.problemChars()))))
            .append("<span class=\"cut\">[\u2026 problem statement cut: ")
            .append(Formats.number(text.length() - limits.problemChars()))
            .append(" more characters]</span>");
      } else {
        list.append(Html.escape(text));
      }
      list.append("</div>\n<p class=\"gold\">Gold answer");
      list.append(p.goldAnswers().size() == 1 ? "" : "s").append(": ");
      if (p.goldAnswers().isEmpty()) {
        list.append("<em>none given</em>");
      }
      for (int g = 0; g < p.goldAnswers().size(); g++) {
        list.append(g == 0 ? "" : ", ")
            .append("<code>")
            .append(Html.escape(p.goldAnswers().get(g)))
            .append("</code>");
      }
      list.append("</p>\n");
      if (!ss.isEmpty()) {
        list.append("<ol class=\"grades\">");
        for (SampleView s : ss) {
          list.append("<li class=\"")
              .append(outcomeClass(s))
              .append("\" title=\"")
              .append(Html.escape(sampleSummary(s)))
              .append("\">#")
              .append(s.index())
              .append(' ')
              .append(s.correct() ? "\u2713" : "\u2717")
              .append(' ')
              .append(Html.escape(shortAnswer(s)))
              .append("</li>");
        }
        list.append("</ol>\n");
      }
      List<SampleView> chosen = ResponsePlan.chosen(p, plan.perProblem());
      for (SampleView s : chosen) {
        String r = s.response() == null ? "" : s.response();
        list.append("<details class=\"sample ")
            .append(outcomeClass(s))
            .append("\"><summary>")
            .append(Html.escape(sampleSummary(s)))
            .append("</summary><pre class=\"response\">");
        if (r.length() > cap) {
          shortened++;
          int head = safeEnd(r, cap * 2 / 3);
          int tail = safeStart(r, r.length() - (cap - head));
          list.append(Html.escape(r.substring(0, head)))
              .append("<span class=\"cut\">\n[\u2026 ")
              .append(Formats.number(tail - head))
              .append(" of ")
              .append(Formats.number(r.length()))
              .append(" characters left out here \u2026]\n</span>")
              .append(Html.escape(r.substring(tail)));
          chars += head + (r.length() - tail);
        } else {
          list.append(Html.escape(r));
          chars += r.length();
        }
        list.append("</pre>");
        appendCode(list, s);
        list.append("</details>\n");
        embedded++;
      }
      int shown = chosen.size();
      if (ss.size() > shown) {
        list.append("<p class=\"note\">")
            .append(ss.size() - shown)
            .append(" more sample")
            .append(ss.size() - shown == 1 ? "" : "s")
            .append(" not embedded (their grades are listed above).</p>\n");
      }
      list.append("</article>\n");
    }
    Omissions o =
        new Omissions(samples, embedded, plan.perProblem(), shortened, cap, chars, problemsCut);
    out.append("<section id=\"problems\">\n<h2>Problems and sampled responses</h2>\n");
    out.append("<p class=\"meta\">")
        .append(Html.escape(describe(o, problems.size(), limits)))
        .append("</p>\n");
    out.append("<div id=\"filters\" class=\"filters\" role=\"search\" hidden=\"hidden\">\n")
        .append("<label>Dataset <select id=\"filter-dataset\"><option value=\"\">all</option>")
        .append("</select></label>\n")
        .append("<label>Outcome <select id=\"filter-outcome\"><option value=\"\">all</option>")
        .append("<option value=\"solved\">solved (at least one correct)</option>")
        .append("<option value=\"unsolved\">unsolved (none correct)</option>")
        .append("<option value=\"partial\">partly solved</option></select></label>\n")
        .append("<label>Search <input id=\"filter-search\" type=\"search\"")
        .append(" placeholder=\"problem id or text\"/></label>\n")
        .append("<button type=\"button\" id=\"expand-shown\">expand shown</button>\n")
        .append("<button type=\"button\" id=\"collapse-all\">collapse all</button>\n")
        .append("<span id=\"filter-count\" aria-live=\"polite\"></span>\n</div>\n");
    out.append("<div id=\"problem-list\">\n").append(list).append("</div>\n</section>\n");
    return o;
  }

  /** Dataset names in order of first appearance, for the filter. */
  static List<String> datasets(List<ProblemView> problems) {
    Set<String> names = new LinkedHashSet<>();
    for (ProblemView p : problems) {
      names.add(p.dataset());
    }
    return List.copyOf(names);
  }

  private static String describe(Omissions o, int problems, ReportLimits limits) {
    if (problems == 0) {
      return "No problems were recorded.";
    }
    StringBuilder s = new StringBuilder();
    s.append(Formats.number(problems))
        .append(" problems, ")
        .append(Formats.number(o.samples()))
        .append(" samples; every sample's grade is listed, and the response text of ")
        .append(Formats.number(o.embedded()))
        .append(" samples is embedded (at most ")
        .append(o.perProblem())
        .append(" per problem: the first of each outcome, then the earliest)");
    if (o.perProblem() < limits.samplesPerProblem()) {
      s.append(", fewer than the usual ")
          .append(limits.samplesPerProblem())
          .append(" to keep the embedded text near ")
          .append(Formats.number(limits.totalResponseChars()))
          .append(" characters");
    }
    s.append('.');
    if (o.shortened() > 0) {
      s.append(' ')
          .append(Formats.number(o.shortened()))
          .append(" responses longer than ")
          .append(Formats.number(o.responseCap()))
          .append(" characters keep only their beginning and end");
      if (o.responseCap() < limits.responseChars()) {
        s.append(" (cap lowered from ")
            .append(Formats.number(limits.responseChars()))
            .append(" to keep the embedded text near ")
            .append(Formats.number(limits.totalResponseChars()))
            .append(" characters)");
      }
      s.append('.');
    }
    if (o.problemsCut() > 0) {
      s.append(' ')
          .append(Formats.number(o.problemsCut()))
          .append(" problem statements are cut at ")
          .append(Formats.number(limits.problemChars()))
          .append(" characters.");
    }
    return s.toString();
  }

  static String outcomeClass(SampleView s) {
    if (s.correct()) {
      return "ok";
    }
    return s.extractedAnswer() == null ? "none" : "bad";
  }

  /** A code sample's program and its first failing test, both escaped. */
  private static void appendCode(StringBuilder list, SampleView s) {
    CodeView c = s.code();
    if (c == null || c.execution() == null) {
      return;
    }
    list.append("<p class=\"code-result\">Tests passed: ")
        .append(c.testsPassed())
        .append(" of ")
        .append(c.testsTotal())
        .append(" \u00b7 execution: ")
        .append(Html.escape(c.execution()))
        .append("</p>");
    if (!c.firstFailure().isEmpty()) {
      list.append("<p class=\"code-label\">First failing test</p><pre class=\"first-failure\">")
          .append(Html.escape(cut(c.firstFailure(), MAX_FAILURE_CHARS)))
          .append("</pre>");
    }
    list.append("<p class=\"code-label\">Program run</p><pre class=\"code\">")
        .append(Html.escape(cut(s.extractedAnswer(), MAX_CODE_CHARS)))
        .append("</pre>");
  }

  private static String cut(String text, int max) {
    return text.length() <= max
        ? text
        : text.substring(0, safeEnd(text, max)) + "\n[\u2026 cut at " + max + " characters]";
  }

  private static String shortAnswer(SampleView s) {
    if (s.code() != null) {
      return s.code().summary();
    }
    if (s.extractedAnswer() == null) {
      return "no answer";
    }
    String a = s.extractedAnswer();
    return a.length() > MAX_ANSWER_CHARS
        ? a.substring(0, safeEnd(a, MAX_ANSWER_CHARS - 1)) + "\u2026"
        : a;
  }

  private static String sampleSummary(SampleView s) {
    return "#"
        + s.index()
        + " \u00b7 "
        + (s.status() == null ? "?" : s.status())
        + " \u00b7 answer: "
        + shortAnswer(s)
        + " \u00b7 finish: "
        + (s.finishReason() == null ? "?" : s.finishReason())
        + " \u00b7 "
        + Formats.number(s.completionTokens())
        + " tokens";
  }

  // Cut points never split a surrogate pair.
  private static int safeEnd(String s, int end) {
    end = Math.max(0, Math.min(end, s.length()));
    return end > 0 && Character.isHighSurrogate(s.charAt(end - 1)) ? end - 1 : end;
  }

  private static int safeStart(String s, int start) {
    start = Math.max(0, Math.min(start, s.length()));
    return start < s.length() && Character.isLowSurrogate(s.charAt(start)) ? start + 1 : start;
  }
}
