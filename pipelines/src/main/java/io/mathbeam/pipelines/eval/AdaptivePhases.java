package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.PhasedAllocation;
import io.mathbeam.core.stats.PhasedDesign;
import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.Schema;

/**
 * {@code eval --precision --allocation=adaptive}: a dataset's rounds after the first are a uniform
 * first phase up to half the K the stopping rule projects, then phases planned per problem by
 * {@link PhasedAllocation} (more samples where they shrink the interval most per token) while they
 * project fewer tokens than uniform rounds; where they do not, the dataset goes on in uniform
 * rounds. A planned phase that leaves the interval wider than the target is followed by another, at
 * most {@link #MOST_PHASES} phases in all. The phases' design goes into metrics.json ({@link
 * PhasedDesigns}) so that pass@1 is the phased estimate and the other metrics read the first phase.
 */
final class AdaptivePhases {
  /** The uniform first phase and at most three planned ones. */
  static final int MOST_PHASES = 4;

  private static final Schema TOKENS =
      OutputSchemas.projection(
          OutputSchemas.SAMPLE, "data_source", "problem_id", "completion_tokens");

  private final double target;
  private final Map<String, Phases> phases = new TreeMap<>();
  private final Set<String> uniform = new HashSet<>();

  AdaptivePhases(double target) {
    this.target = target;
  }

  /**
   * What was decided for a dataset after a round.
   *
   * @param decision the interval now and what comes next (for a planned phase, the most samples of
   *     any problem)
   * @param problemSamples per problem id, its samples in the next round (for a dataset done after
   *     planned phases, those it has); empty when the dataset's rounds are uniform
   * @param note how the next round differs from a uniform one; empty when it does not
   */
  record Step(
      PrecisionStopping.Decision decision, Map<String, Integer> problemSamples, String note) {}

  /** A dataset's phases: the first phase's samples, then each planned phase's per problem. */
  private static final class Phases {
    final int firstPhase;
    final List<Map<String, Integer>> planned = new ArrayList<>();
    int uniformSamples;
    double uniformTokens;

    Phases(int firstPhase) {
      this.firstPhase = firstPhase;
    }

    PhasedDesign design() {
      Map<String, int[]> out = new TreeMap<>();
      for (String id : planned.get(0).keySet()) {
        int[] counts = new int[planned.size() + 1];
        counts[0] = firstPhase;
        for (int s = 0; s < planned.size(); s++) {
          counts[s + 1] = planned.get(s).get(id);
        }
        out.put(id, counts);
      }
      return new PhasedDesign(firstPhase, out);
    }
  }

  /**
   * The next step of {@code dataset}, whose problems have {@code byProblem} (id to {samples,
   * correct}) after the round, given what uniform rounds would do next.
   */
  synchronized Step decide(
      String dataset,
      Map<String, int[]> byProblem,
      PrecisionStopping.Decision uniformNext,
      int ceiling,
      RoundTokens tokens)
      throws IOException {
    Step asUniform = new Step(uniformNext, Map.of(), "");
    if (uniform.contains(dataset)) {
      return asUniform;
    }
    Phases ph = phases.get(dataset);
    int current = byProblem.values().stream().mapToInt(c -> c[0]).max().orElse(0);
    if (ph == null) {
      if (uniformNext.status() != PrecisionStopping.Status.MORE) {
        return asUniform;
      }
      int n1 =
          Math.min(
              ceiling, PhasedAllocation.firstPhase(uniformNext.nextSamplesPerProblem(), current));
      if (n1 >= ceiling) {
        // no room for a phase after the first: uniform rounds
        uniform.add(dataset);
        return asUniform;
      }
      ph = new Phases(n1);
      phases.put(dataset, ph);
      if (n1 > current) {
        return new Step(
            new PrecisionStopping.Decision(
                PrecisionStopping.Status.MORE, uniformNext.halfWidth(), n1),
            Map.of(),
            "uniform first phase of " + n1);
      }
    }
    String[] ids = byProblem.keySet().toArray(String[]::new);
    int[] samples = new int[ids.length];
    int[] correct = new int[ids.length];
    for (int i = 0; i < ids.length; i++) {
      samples[i] = byProblem.get(ids[i])[0];
      correct[i] = byProblem.get(ids[i])[1];
    }
    double[] v = PrecisionStopping.problemVariances(samples, correct);
    double[] t = tokens.perSample(dataset, ids);
    double star = PhasedAllocation.targetVariance(target, samples, correct, v);
    if (ph.planned.isEmpty()) {
      // the uniform first phase has run
      int[] more = PhasedAllocation.plan(v, t, ph.firstPhase, star);
      if (uniformNext.status() != PrecisionStopping.Status.MORE
          || !PhasedAllocation.pays(more, v, t, ph.firstPhase, star)) {
        phases.remove(dataset);
        uniform.add(dataset);
        return asUniform;
      }
      ph.uniformSamples =
          Math.min(ceiling, PhasedAllocation.uniformSamples(v, ph.firstPhase, star));
      for (double perSample : t) {
        ph.uniformTokens += perSample * ph.uniformSamples;
      }
      return planned(ph, ids, samples, more, ceiling, uniformNext.halfWidth());
    }
    PhasedDesign design = ph.design();
    double halfWidth = PhasedAllocation.halfWidth(design.byPhase(), correct, v);
    int most = 0;
    for (int s : samples) {
      most = Math.max(most, s);
    }
    // a dataset that is done keeps its samples as drawn while other datasets' rounds go on
    Map<String, Integer> drawn = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      drawn.put(ids[i], samples[i]);
    }
    if (halfWidth <= target) {
      return new Step(
          new PrecisionStopping.Decision(PrecisionStopping.Status.REACHED, halfWidth, most),
          drawn,
          "");
    }
    if (ph.planned.size() + 1 >= MOST_PHASES || most >= ceiling) {
      return new Step(
          new PrecisionStopping.Decision(PrecisionStopping.Status.CEILING, halfWidth, most),
          drawn,
          "");
    }
    int[] more = PhasedAllocation.plan(v, t, design.byPhase(), star);
    return planned(ph, ids, samples, more, ceiling, halfWidth);
  }

  /** Records a planned phase (capped at the ceiling) and says what the next round draws. */
  private static Step planned(
      Phases ph, String[] ids, int[] samples, int[] more, int ceiling, double halfWidth) {
    Map<String, Integer> phase = new LinkedHashMap<>();
    Map<String, Integer> next = new HashMap<>();
    int most = 0;
    int fewest = Integer.MAX_VALUE;
    int largest = 0;
    long total = 0;
    for (int i = 0; i < ids.length; i++) {
      int m = Math.max(1, Math.min(more[i], ceiling - samples[i]));
      phase.put(ids[i], m);
      next.put(ids[i], samples[i] + m);
      most = Math.max(most, samples[i] + m);
      fewest = Math.min(fewest, m);
      largest = Math.max(largest, m);
      total += m;
    }
    ph.planned.add(phase);
    String note =
        String.format(
            Locale.ROOT,
            "phase %d: %d to %d more per problem (mean %.1f)",
            ph.planned.size() + 1,
            fewest,
            largest,
            (double) total / ids.length);
    return new Step(
        new PrecisionStopping.Decision(PrecisionStopping.Status.MORE, halfWidth, most), next, note);
  }

  /**
   * The share of the fewest samples a phase projected from the first phase's grades heard so far
   * gives any problem that is sent ahead to every problem: the decision's plan, from all the grades
   * and each problem's tokens, may give some problem fewer.
   */
  static final double SHARE_OF_FEWEST_SENT_AHEAD = 0.75;

  /**
   * Where the round that runs should send samples ahead to ({@link RoundOverlap}), given the
   * stopping rule's projection from the grades heard so far ({@code samples} and {@code correct}
   * per problem): half the projected K before the first phase; while the first phase runs, the
   * samples the next phase will give every problem (a share of the fewest a plan from the grades
   * heard gives any, at least one: also uniform rounds' next samples); nothing while a planned
   * phase runs.
   */
  synchronized int ahead(
      String dataset,
      int running,
      PrecisionStopping.Decision projection,
      int ceiling,
      int[] samples,
      int[] correct) {
    if (projection.status() != PrecisionStopping.Status.MORE) {
      return running;
    }
    if (uniform.contains(dataset)) {
      return projection.nextSamplesPerProblem();
    }
    Phases ph = phases.get(dataset);
    if (ph == null) {
      return Math.min(
          ceiling, PhasedAllocation.firstPhase(projection.nextSamplesPerProblem(), running));
    }
    if (!ph.planned.isEmpty()) {
      return running;
    }
    double[] v = PrecisionStopping.problemVariances(samples, correct);
    double[] sameTokens = new double[v.length];
    Arrays.fill(sameTokens, 1);
    double star = PhasedAllocation.targetVariance(target, samples, correct, v);
    int[] more = PhasedAllocation.plan(v, sameTokens, running, star);
    int fewest = Arrays.stream(more).min().orElse(1);
    int floor = Math.max(1, (int) Math.floor(SHARE_OF_FEWEST_SENT_AHEAD * fewest));
    return Math.min(ceiling, Math.min(projection.nextSamplesPerProblem(), running + floor));
  }

  /** The designs of the datasets whose last round ran planned phases. */
  synchronized Map<String, PhasedDesign> designs() {
    Map<String, PhasedDesign> out = new TreeMap<>();
    phases.forEach(
        (dataset, ph) -> {
          if (!ph.planned.isEmpty()) {
            out.put(dataset, ph.design());
          }
        });
    return out;
  }

  /** Adds to a dataset's {@code precision} how its samples were allocated. */
  synchronized void annotate(ObjectNode precision, String dataset, Map<String, int[]> byProblem) {
    Phases ph = phases.get(dataset);
    if (ph == null || ph.planned.isEmpty()) {
      precision.put("allocation", "uniform");
      return;
    }
    precision.put("allocation", "adaptive");
    precision.put("first_phase_samples_per_problem", ph.firstPhase);
    precision.put("phases", ph.planned.size() + 1);
    int fewest = Integer.MAX_VALUE;
    long total = 0;
    for (int[] c : byProblem.values()) {
      fewest = Math.min(fewest, c[0]);
      total += c[0];
    }
    precision.put("min_samples_per_problem", fewest);
    precision.put("mean_samples_per_problem", (double) total / Math.max(1, byProblem.size()));
    precision.put("uniform_samples_per_problem_projected", ph.uniformSamples);
    precision.put("completion_tokens_uniform_projected", Math.round(ph.uniformTokens));
  }

  /**
   * The completion tokens of a round's samples, read from its {@code samples/} once, when a
   * decision first needs them, for every dataset.
   */
  static final class RoundTokens {
    private final String outputDir;

    /** Per dataset and problem id: tokens summed, squared and summed, samples. */
    private Map<String, Map<String, double[]>> sums;

    RoundTokens(String outputDir) {
      this.outputDir = outputDir;
    }

    /**
     * Each problem's completion tokens per sample so far, shrunk toward the dataset's ({@link
     * PhasedAllocation#shrunkTokensPerSample}).
     */
    double[] perSample(String dataset, String[] ids) throws IOException {
      if (sums == null) {
        Map<String, Map<String, double[]>> read = new HashMap<>();
        ParquetRecords.forEach(
            outputDir + "/samples/*.parquet",
            TOKENS,
            r -> {
              double t = (Integer) r.get("completion_tokens");
              double[] s =
                  read.computeIfAbsent(r.get("data_source").toString(), d -> new HashMap<>())
                      .computeIfAbsent(r.get("problem_id").toString(), k -> new double[3]);
              s[0] += t;
              s[1] += t * t;
              s[2]++;
            });
        sums = read;
      }
      Map<String, double[]> byProblem = sums.getOrDefault(dataset, Map.of());
      double[] sum = new double[ids.length];
      double[] squares = new double[ids.length];
      int[] counts = new int[ids.length];
      for (int i = 0; i < ids.length; i++) {
        double[] s = byProblem.getOrDefault(ids[i], new double[] {1, 1, 1});
        sum[i] = s[0];
        squares[i] = s[1];
        counts[i] = (int) Math.max(1, s[2]);
      }
      return PhasedAllocation.shrunkTokensPerSample(sum, squares, counts);
    }
  }
}
