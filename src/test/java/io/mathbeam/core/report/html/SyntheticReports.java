package io.mathbeam.core.report.html;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Realistic synthetic report inputs for tests: problems of mixed difficulty, K samples each, with
 * long and truncated responses and a few hostile strings. {@code main(FILE)} writes the page.
 */
final class SyntheticReports {
  static final String HOSTILE =
      "<script>alert(1)</script> </textarea> </script><!-- \"quoted\" 'single' &amp; "
          + "\u00e9\u4e2d\u6587 \ud83d\ude00 \u202eRTL";

  private static final String[] FILLER = {
    "Let $x$ be the unknown; then $x^2 - 5x + 6 = 0$ gives $(x-2)(x-3) = 0$. ",
    "We check the boundary case separately, since the substitution divides by $n-1$. ",
    "Summing the geometric series, $\\sum_{k=0}^{n} 2^k = 2^{n+1} - 1$. ",
    "Hmm, wait: that contradicts the constraint, so let us re-examine the second case. ",
  };

  private SyntheticReports() {}

  /** Two datasets, "aime24" and "math500", with the given problem counts and K samples each. */
  static ReportData realistic(int problemsA, int problemsB, int k) {
    Random rnd = new Random(20240601L);
    List<DatasetReport> datasets = new ArrayList<>();
    List<ProblemView> problems = new ArrayList<>();
    datasets.add(dataset("aime24", problemsA, k, rnd, problems));
    datasets.add(dataset("math500", problemsB, k, rnd, problems));
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("model", "sim/qwen-like-7b");
    facts.put("endpoints", "http://replica-0:8000/v1, http://replica-1:8000/v1");
    facts.put("sampling", "temperature=0.6 top_p=0.95 max_tokens=8192 n=" + k);
    facts.put("grader", "mathbeam-grader 0.1.0 (sympy-free equivalence)");
    facts.put("seed", "1234");
    List<ReplicaLatency> replicas =
        List.of(
            new ReplicaLatency("replica-0", 4100, 812.5, 2210, 5400, 9100),
            new ReplicaLatency("replica-1", 4020, 790.1, 2105.4, 6100, 12000.7),
            new ReplicaLatency("replica-2 (slow)", 1200, 1500, 4400, 9000, 15000));
    return new ReportData(
        "mathbeam report: sim/qwen-like-7b",
        "2024-06-01T12:00:00Z",
        true,
        facts,
        datasets,
        replicas,
        problems);
  }

  private static DatasetReport dataset(
      String name, int n, int k, Random rnd, List<ProblemView> problems) {
    double[] rates = new double[n];
    int[][] correctFlags = new int[n][k];
    List<Integer> correctLengths = new ArrayList<>();
    List<Integer> incorrectLengths = new ArrayList<>();
    List<Integer> truncatedLengths = new ArrayList<>();
    Map<String, Long> noAnswer = new HashMap<>();
    for (int i = 0; i < n; i++) {
      double u = rnd.nextDouble();
      double p = u < 0.3 ? 0.02 : u < 0.6 ? 0.97 : rnd.nextDouble();
      List<SampleView> samples = new ArrayList<>();
      int correct = 0;
      for (int s = 0; s < k; s++) {
        boolean truncated = rnd.nextDouble() < 0.05;
        boolean ok = !truncated && rnd.nextDouble() < p;
        boolean unparsable = !truncated && !ok && rnd.nextDouble() < 0.1;
        int tokens;
        String answer;
        String status;
        if (truncated) {
          tokens = 8192;
          answer = null;
          status = "NO_ANSWER";
          truncatedLengths.add(tokens);
          noAnswer.merge("truncated (finish_reason=length)", 1L, Long::sum);
        } else if (ok) {
          tokens = Math.max(50, (int) (700 + 250 * rnd.nextGaussian()));
          answer = Integer.toString(i * 7 % 1000);
          status = "CORRECT";
          correctLengths.add(tokens);
        } else {
          tokens = Math.max(50, (int) (1400 + 600 * rnd.nextGaussian()));
          answer = unparsable ? null : Integer.toString(rnd.nextInt(1000));
          status = unparsable ? "NO_ANSWER" : "INCORRECT";
          incorrectLengths.add(tokens);
          if (unparsable) {
            noAnswer.merge("no \\boxed{} in response", 1L, Long::sum);
          }
        }
        correct += ok ? 1 : 0;
        correctFlags[i][s] = ok ? 1 : 0;
        String response = response(tokens, answer, i == 3 && s == 1);
        samples.add(
            new SampleView(s, status, answer, ok, truncated ? "length" : "stop", tokens, response));
      }
      rates[i] = (double) correct / k;
      String text =
          i == 3
              ? "Evaluate " + HOSTILE + " for $x = 2$."
              : "Problem "
                  + (i + 1)
                  + ": find the remainder when $7^{"
                  + (i + 11)
                  + "}$ is divided by 1000.";
      problems.add(
          new ProblemView(
              name, name + "-" + (i + 1), text, List.of(Integer.toString(i * 7 % 1000)), samples));
    }
    return new DatasetReport(
        name,
        n,
        k,
        passAtK(correctFlags, k),
        majAtK(correctFlags, k),
        rates,
        toArray(correctLengths),
        toArray(incorrectLengths),
        toArray(truncatedLengths),
        noAnswer);
  }

  private static String response(int tokens, String answer, boolean hostile) {
    int chars = tokens * 4;
    StringBuilder r = new StringBuilder(chars + 64);
    if (hostile) {
      r.append(HOSTILE).append('\n');
    }
    int f = 0;
    while (r.length() < chars) {
      r.append(FILLER[f++ % FILLER.length]);
    }
    r.append("\n\nThe answer is $\\boxed{").append(answer == null ? "?" : answer).append("}$.");
    return r.toString();
  }

  // Unbiased pass@k per problem averaged, with a normal-approximation 95% interval.
  private static List<Estimate> passAtK(int[][] flags, int k) {
    List<Estimate> out = new ArrayList<>();
    for (int kk = 1; kk <= k; kk++) {
      double[] v = new double[flags.length];
      for (int i = 0; i < flags.length; i++) {
        int c = Arrays.stream(flags[i]).sum();
        double fail = 1;
        for (int t = k - c + 1; t <= k; t++) {
          fail *= 1 - (double) kk / t;
        }
        v[i] = k - c < kk ? 1 : 1 - fail;
      }
      out.add(meanWithInterval(v));
    }
    return out;
  }

  // Majority of the first k samples, correct when more than half are correct (synthetic stand-in).
  private static List<Estimate> majAtK(int[][] flags, int k) {
    List<Estimate> out = new ArrayList<>();
    for (int kk = 1; kk <= k; kk++) {
      double[] v = new double[flags.length];
      for (int i = 0; i < flags.length; i++) {
        int c = 0;
        for (int s = 0; s < kk; s++) {
          c += flags[i][s];
        }
        v[i] = 2 * c > kk ? 1 : 0;
      }
      out.add(meanWithInterval(v));
    }
    return out;
  }

  private static Estimate meanWithInterval(double[] v) {
    if (v.length == 0) {
      return new Estimate(Double.NaN, Double.NaN, Double.NaN);
    }
    double mean = Arrays.stream(v).average().orElse(0);
    double var =
        Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, v.length - 1);
    double half = 1.96 * Math.sqrt(var / v.length);
    return new Estimate(mean, Math.max(0, mean - half), Math.min(1, mean + half));
  }

  private static int[] toArray(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Writes the 30 + 500 problem, K = 16 report to {@code args[0]}. */
  public static void main(String[] args) throws IOException {
    Path file = Path.of(args.length > 0 ? args[0] : "report.html");
    HtmlReport.write(realistic(30, 500, 16), file);
    System.out.println(
        "wrote " + file.toAbsolutePath() + " (" + file.toFile().length() + " bytes)");
  }
}
