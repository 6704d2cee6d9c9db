package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.ProblemKeys;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.stats.PhasedDesign;
import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.avro.Schema;

/**
 * {@code eval --precision=H}: the evaluation in rounds, each a whole pipeline over the generation
 * cache. Round 1 draws {@code --initialSamples} per problem; after each round every dataset's 95%
 * interval of pass@1 for its problems is measured ({@link PrecisionStopping}) and a dataset short
 * of H gets more samples per problem in the next round, up to its K. Sample j of a problem is the
 * same request (its derived seed) in every round, so earlier rounds' samples come from the cache
 * and a run killed mid-round, started again, repeats no request. The last round's outputs are the
 * run's; metrics.json gains each dataset's {@code precision}. Where generation runs in this JVM
 * (the DirectRunner) the rounds overlap: each round's tail shares the fleet with the next round's
 * samples ({@link RoundOverlap}).
 */
public final class PrecisionRun {
  private static final Logger LOG = Logger.getLogger(PrecisionRun.class.getName());

  private static final Schema COUNTS =
      OutputSchemas.projection(
          OutputSchemas.PROBLEM, "data_source", "problem_id", "num_samples", "num_correct");

  static final String UNIFORM = "uniform";
  static final String ADAPTIVE = "adaptive";

  private final EvalCommand command;
  private final PrintStream out;

  public PrecisionRun(EvalCommand command, PrintStream out) {
    this.command = command;
    this.out = out;
  }

  /** Refuses options that cannot work, before any request is sent. */
  public static void check(EvalOptions options) {
    Double precision = options.getPrecision();
    String allocation = options.getAllocation();
    if (!UNIFORM.equals(allocation) && !ADAPTIVE.equals(allocation)) {
      throw new IllegalArgumentException(
          "--allocation is " + UNIFORM + " or " + ADAPTIVE + ", got " + allocation);
    }
    if (precision == null) {
      if (ADAPTIVE.equals(allocation)) {
        throw new IllegalArgumentException(
            "--allocation=adaptive allocates the samples of --precision's rounds: give --precision");
      }
      return;
    }
    if (!(precision > 0 && precision <= 0.5)) {
      throw new IllegalArgumentException(
          "--precision is a half-width of pass@1 in (0, 0.5] (0.01 is one point), got "
              + precision);
    }
    if (options.getInitialSamples() < 1) {
      throw new IllegalArgumentException(
          "--initialSamples must be at least 1, got " + options.getInitialSamples());
    }
    if (options.getSamples() < options.getInitialSamples()) {
      throw new IllegalArgumentException(
          "--samples="
              + options.getSamples()
              + " (the most samples per problem) is below --initialSamples="
              + options.getInitialSamples());
    }
    if (GenerationCache.DISABLED.equals(options.getCacheDir())) {
      throw new IllegalArgumentException(
          "--precision draws its samples in rounds over the generation cache: it cannot run with"
              + " --cacheDir=none");
    }
  }

  EvalResult run(EvalOptions options, EvalInputs inputs, String[] args) throws Exception {
    return run(
            List.of(options),
            List.of(inputs),
            List.<String[]>of(args),
            UUID.randomUUID().toString())
        .get(0);
  }

  /**
   * Runs several evaluations (a sweep's models) in rounds, each round one job with the evaluations
   * that still need samples; an evaluation without {@code --precision} runs once, at its K. Returns
   * each evaluation's last result, in order.
   */
  public List<EvalResult> run(
      List<EvalOptions> options, List<EvalInputs> inputs, List<String[]> args, String runId)
      throws Exception {
    List<Evaluation> evaluations = new ArrayList<>();
    try {
      for (int i = 0; i < options.size(); i++) {
        evaluations.add(
            Evaluation.prepare(command, options.get(i), inputs.get(i), args.get(i), runId));
      }
      int round = 0;
      while (true) {
        List<Evaluation> active = evaluations.stream().filter(e -> e.result == null).toList();
        if (active.isEmpty()) {
          return evaluations.stream().map(e -> e.result).toList();
        }
        round++;
        List<PreparedRun> runs = new ArrayList<>();
        for (Evaluation e : active) {
          PreparedRun run = e.nextRound();
          if (round > 1) {
            // the outputs are written again whole: none of the last round's files may stay
            RunOutputs.clearPrevious(run.config().outputDir());
          }
          runs.add(run);
        }
        out.println("Round " + round + ": samples per problem " + describe(active));
        // one evaluation: its summary is printed once, after the last round (a sweep's models end
        // in different rounds, and their lines interleave: each round's are printed)
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        EvalCommand printing =
            evaluations.size() == 1
                ? command.printingTo(new PrintStream(summary, true, StandardCharsets.UTF_8))
                : command;
        List<RunOutputs.Completion> completions = new ArrayList<>();
        for (Evaluation e : active) {
          completions.add(
              new RunOutputs.Completion() {
                @Override
                public boolean complete(ObjectNode root, String outputDir) throws IOException {
                  return e.decide(root, outputDir);
                }

                @Override
                public Map<String, PhasedDesign> designs() {
                  return e.adaptive == null ? Map.of() : e.adaptive.designs();
                }
              });
          if (e.overlap != null) {
            e.overlap.roundStarts(e.perProblem);
          }
        }
        List<EvalResult> results;
        try (Watch watch = new Watch(active)) {
          results = printing.executeOpen(active.get(0).options, runs, completions);
        }
        for (int i = 0; i < active.size(); i++) {
          active.get(i).after(results.get(i), out);
        }
        if (evaluations.size() == 1 && evaluations.get(0).result != null) {
          out.print(summary.toString(StandardCharsets.UTF_8));
        }
      }
    } finally {
      for (Evaluation e : evaluations) {
        e.close();
      }
    }
  }

  /** While a round runs, lets each evaluation's overlap look at it a few times a second. */
  private static final class Watch implements AutoCloseable {
    private static final long PERIOD_MS = 200;
    private final Thread thread;
    private volatile boolean done;

    Watch(List<Evaluation> active) {
      List<RoundOverlap> overlaps =
          new ArrayList<>(active.stream().map(e -> e.overlap).filter(o -> o != null).toList());
      thread =
          new Thread(
              () -> {
                while (!done) {
                  for (RoundOverlap overlap : List.copyOf(overlaps)) {
                    try {
                      overlap.poll();
                    } catch (RuntimeException e) {
                      // sending ahead only saves time: the round goes on as without it
                      LOG.log(Level.WARNING, "sending the next round's samples ahead failed", e);
                      overlaps.remove(overlap);
                    }
                  }
                  try {
                    Thread.sleep(PERIOD_MS);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "precision-rounds-watch");
      thread.setDaemon(true);
      if (!overlaps.isEmpty()) {
        thread.start();
      }
    }

    @Override
    public void close() throws InterruptedException {
      done = true;
      thread.interrupt();
      thread.join();
    }
  }

  private static String describe(List<Evaluation> active) {
    List<String> parts = new ArrayList<>();
    for (Evaluation e : active) {
      String dir = e.prepared.config().outputDir();
      parts.add(
          (active.size() > 1 ? dir.substring(dir.lastIndexOf('/') + 1) + " " : "")
              + e.samplesText());
    }
    return String.join(", ", parts);
  }

  /** One evaluation's rounds. */
  private static final class Evaluation {
    private final EvalOptions options;
    private final EvalInputs inputs;
    private final PreparedRun prepared;
    private final Double target;
    private boolean complete;
    private final Map<String, Integer> ceilings = new LinkedHashMap<>();
    private final Map<String, Integer> perProblem = new HashMap<>();
    private final List<Round> rounds = new ArrayList<>();
    private RoundOverlap overlap;
    private AdaptivePhases adaptive;

    /** Per dataset sampled in planned phases, each problem's samples in the next round. */
    private final Map<String, Map<String, Integer>> problemSamples = new TreeMap<>();

    private EvalResult result;

    private Evaluation(EvalOptions options, EvalInputs inputs, PreparedRun prepared) {
      this.options = options;
      this.inputs = inputs;
      this.prepared = prepared;
      this.target = options.getPrecision();
    }

    static Evaluation prepare(
        EvalCommand command, EvalOptions options, EvalInputs inputs, String[] args, String runId)
        throws Exception {
      Map<String, Integer> ceilings = new LinkedHashMap<>();
      for (ProblemSource s : inputs.sources()) {
        ceilings.merge(s.datasetId(), s.samples(), Math::max);
      }
      Map<String, Integer> first = new HashMap<>();
      ceilings.forEach(
          (d, k) ->
              first.put(
                  d,
                  options.getPrecision() == null ? k : Math.min(options.getInitialSamples(), k)));
      PreparedRun prepared = command.prepare(options, withSamples(inputs, first), args, runId);
      Evaluation e = new Evaluation(options, inputs, prepared);
      e.ceilings.putAll(ceilings);
      e.perProblem.putAll(first);
      if (options.getPrecision() != null) {
        if (ADAPTIVE.equals(options.getAllocation())) {
          e.adaptive = new AdaptivePhases(options.getPrecision());
        }
        try {
          e.overlap = RoundOverlap.open(prepared, options.getPrecision(), ceilings, e.adaptive);
        } catch (RuntimeException failure) {
          prepared.close();
          throw failure;
        }
      }
      return e;
    }

    /** Per dataset, its samples per problem in the next round: K, or a range where they differ. */
    Map<String, String> samplesText() {
      Map<String, String> out = new TreeMap<>();
      perProblem.forEach(
          (dataset, k) -> {
            Map<String, Integer> own = problemSamples.getOrDefault(dataset, Map.of());
            out.put(
                dataset,
                own.isEmpty()
                    ? String.valueOf(k)
                    : Collections.min(own.values()) + ".." + Collections.max(own.values()));
          });
      return out;
    }

    PreparedRun nextRound() {
      return withSources(prepared, sources(inputs.sources(), perProblem), problemSamples);
    }

    /**
     * After a round's pipeline, before its outputs are written: measures each dataset, decides the
     * next round, and when no dataset needs more adds the rounds to metrics.json's tree (so the
     * report and the history row are written once, with them).
     */
    boolean decide(ObjectNode root, String outputDir) throws IOException {
      if (target == null) {
        complete = true;
        return true;
      }
      Map<String, PrecisionStopping.Decision> decisions = new TreeMap<>();
      Map<String, String> notes = new TreeMap<>();
      Map<String, Map<String, int[]>> counts = counts(outputDir);
      AdaptivePhases.RoundTokens tokens = new AdaptivePhases.RoundTokens(outputDir);
      for (Map.Entry<String, Map<String, int[]>> entry : counts.entrySet()) {
        String dataset = entry.getKey();
        int[][] c = arrays(entry.getValue());
        int ceiling = ceilings.getOrDefault(dataset, c[0].length);
        PrecisionStopping.Decision d = new PrecisionStopping(target, ceiling).decide(c[0], c[1]);
        if (adaptive != null) {
          AdaptivePhases.Step step = adaptive.decide(dataset, entry.getValue(), d, ceiling, tokens);
          d = step.decision();
          if (step.problemSamples().isEmpty()) {
            problemSamples.remove(dataset);
          } else {
            problemSamples.put(dataset, step.problemSamples());
          }
          if (!step.note().isEmpty()) {
            notes.put(dataset, step.note());
          }
        }
        decisions.put(dataset, d);
      }
      long sent = root.path("run_counters").path("samples_sent").asLong();
      long ahead = overlap == null ? 0 : overlap.sentAheadSinceLastRound();
      rounds.add(new Round(new TreeMap<>(perProblem), decisions, notes, sent, ahead));
      boolean more = false;
      for (Map.Entry<String, PrecisionStopping.Decision> e : decisions.entrySet()) {
        if (e.getValue().status() == PrecisionStopping.Status.MORE) {
          perProblem.put(e.getKey(), e.getValue().nextSamplesPerProblem());
          more = true;
        }
      }
      complete = !more;
      if (overlap != null) {
        overlap.decided(counts, decisions, problemSamples);
      }
      if (complete) {
        annotate(root, target, ceilings, rounds);
        if (adaptive != null) {
          counts.forEach(
              (dataset, byProblem) -> {
                if (root.path("datasets").path(dataset).get("precision")
                    instanceof ObjectNode precision) {
                  adaptive.annotate(precision, dataset, byProblem);
                }
              });
        }
        if (overlap != null) {
          overlap.annotate(root, counts);
        }
      }
      return complete;
    }

    /** Prints the round's decisions; the evaluation's result once it is complete. */
    void after(EvalResult round, PrintStream out) {
      if (target != null) {
        Round last = rounds.get(rounds.size() - 1);
        printRound(out, last.decisions(), last.notes(), target);
      }
      if (complete) {
        result = round;
      }
    }

    void close() throws IOException {
      try {
        if (overlap != null) {
          // before the run's fleet stops: what is still sent ahead is abandoned
          overlap.close();
        }
      } finally {
        prepared.close();
      }
    }
  }

  /**
   * One round: the samples per problem it reached, what was decided after it, the requests its
   * pipeline sent (the rest came from the cache or had been sent ahead) and those sent ahead of the
   * next round while it ran.
   */
  private record Round(
      Map<String, Integer> samplesPerProblem,
      Map<String, PrecisionStopping.Decision> decisions,
      Map<String, String> notes,
      long samplesSent,
      long samplesSentAhead) {}

  private static void printRound(
      PrintStream out,
      Map<String, PrecisionStopping.Decision> decisions,
      Map<String, String> notes,
      double target) {
    decisions.forEach(
        (dataset, d) ->
            out.printf(
                Locale.ROOT,
                "  %s: +-%.2f points (target +-%.2f): %s%n",
                dataset,
                100 * d.halfWidth(),
                100 * target,
                switch (d.status()) {
                  case REACHED -> "reached";
                  case CEILING -> "at --samples or the last phase, stopped short of the target";
                  case MORE ->
                      notes.containsKey(dataset)
                          ? "next round " + notes.get(dataset)
                          : "next round " + d.nextSamplesPerProblem() + " per problem";
                }));
  }

  /**
   * Per dataset and problem id: the problem's samples and correct answers, from the round's
   * problems table.
   */
  static Map<String, Map<String, int[]>> counts(String outputDir) throws IOException {
    Map<String, Map<String, int[]>> rows = new TreeMap<>();
    ParquetRecords.forEach(
        outputDir + "/problems/*.parquet",
        COUNTS,
        r ->
            rows.computeIfAbsent(r.get("data_source").toString(), d -> new TreeMap<>())
                .put(
                    r.get("problem_id").toString(),
                    new int[] {(Integer) r.get("num_samples"), (Integer) r.get("num_correct")}));
    return rows;
  }

  /** The problems' samples and correct answers as two arrays, in problem id order. */
  private static int[][] arrays(Map<String, int[]> byProblem) {
    int[][] c = new int[2][byProblem.size()];
    int i = 0;
    for (int[] counts : byProblem.values()) {
      c[0][i] = counts[0];
      c[1][i++] = counts[1];
    }
    return c;
  }

  /**
   * Adds each dataset's {@code precision} to metrics.json: the target, the half-width reached, how
   * it ended, the rounds, and the samples and tokens spent beside what K for every problem would
   * have spent.
   */
  private static void annotate(
      ObjectNode root, double target, Map<String, Integer> ceilings, List<Round> rounds) {
    Round last = rounds.get(rounds.size() - 1);
    for (Map.Entry<String, PrecisionStopping.Decision> e : last.decisions().entrySet()) {
      JsonNode node = root.path("datasets").get(e.getKey());
      if (!(node instanceof ObjectNode dataset)) {
        continue;
      }
      PrecisionStopping.Decision d = e.getValue();
      ObjectNode p = dataset.putObject("precision");
      p.put("target_half_width", target);
      p.put("half_width", d.halfWidth());
      p.put("status", d.status() == PrecisionStopping.Status.REACHED ? "reached" : "ceiling");
      p.put("samples_per_problem", last.samplesPerProblem().get(e.getKey()));
      int ceiling = ceilings.getOrDefault(e.getKey(), 0);
      p.put("max_samples_per_problem", ceiling);
      ArrayNode byRound = p.putArray("rounds");
      for (Round r : rounds) {
        PrecisionStopping.Decision rd = r.decisions().get(e.getKey());
        if (rd != null) {
          byRound
              .addObject()
              .put("samples_per_problem", r.samplesPerProblem().get(e.getKey()))
              .put("half_width", rd.halfWidth())
              .put("samples_sent", r.samplesSent())
              .put("samples_sent_ahead", r.samplesSentAhead());
        }
      }
      long samples = dataset.path("num_samples").asLong();
      double tokens = samples * dataset.path("mean_completion_tokens").asDouble();
      long problems = dataset.path("num_problems").asLong();
      p.put("completion_tokens", Math.round(tokens));
      p.put(
          "completion_tokens_at_max_samples",
          samples == 0 ? 0 : Math.round(tokens / samples * problems * ceiling));
    }
  }

  private static List<ProblemSource> sources(
      List<ProblemSource> sources, Map<String, Integer> perProblem) {
    List<ProblemSource> out = new ArrayList<>();
    for (ProblemSource s : sources) {
      out.add(
          new ProblemSource(
              s.path(),
              s.datasetId(),
              perProblem.getOrDefault(s.datasetId(), s.samples()),
              s.format()));
    }
    return out;
  }

  private static EvalInputs withSamples(EvalInputs inputs, Map<String, Integer> perProblem) {
    return new EvalInputs(
        sources(inputs.sources(), perProblem), inputs.known(), -1, inputs.plannedSamples());
  }

  private static PreparedRun withSources(
      PreparedRun run,
      List<ProblemSource> sources,
      Map<String, Map<String, Integer>> problemSamples) {
    Map<String, Integer> byKey = new HashMap<>();
    problemSamples.forEach(
        (dataset, own) -> own.forEach((id, n) -> byKey.put(ProblemKeys.of(dataset, id), n)));
    EvalConfig c = run.config();
    EvalConfig config =
        new EvalConfig(
            sources,
            c.mapping(),
            c.maxRejectedFraction(),
            c.baseSeed(),
            c.shuffleChoices(),
            c.generation(),
            c.judge(),
            c.outputDir(),
            c.reshuffle(),
            c.manifestJson(),
            c.sandbox(),
            byKey);
    return new PreparedRun(
        run.options(),
        config,
        run.client(),
        EvalCommand.describe(sources, problemSamples),
        -1,
        run.reported(),
        run.fleet(),
        run.launched(),
        run.judge());
  }
}
