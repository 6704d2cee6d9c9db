package io.mathbeam.pipelines.synthetic;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.sampling.SeedDerivation;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.MetricsAccumulator;
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import io.mathbeam.transforms.OutputSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes a synthetic run directory that {@code mathbeam regrade --input=DIR} accepts, for measuring
 * regrade at any size without a model: {@code metrics.json} (its manifest names the datasets and
 * their K, as a real run's does) and {@code samples/*.parquet} (Snappy, {@link
 * OutputSchemas#SAMPLE}).
 *
 * <p>Everything follows from the seed. Three datasets (AIME-like integers; MATH-like fractions,
 * radicals, intervals, decimals, polynomials and multiples of pi; Minerva-like decimals and
 * polynomials); each problem has a solve rate, and each sample is correct in the gold's form,
 * correct in an equivalent form, wrong, unparseable junk, missing its answer, truncated ({@code
 * finish_reason = length}) or a failed request. Responses are reasoning-like text of log-normal
 * length (median about 7 KB, truncated ones about 40 KB) ending in a boxed answer, an "answer is"
 * phrase or an {@code Answer:} line.
 *
 * <p>The stored {@code status} of each row is the outcome the generator intended, under grader
 * version {@link #GRADER_VERSION}; a regrade replaces it with the real grader's verdict.
 */
public final class SyntheticRun {
  /** Marks the stored grades as the generator's intent, not any grader's verdict. */
  public static final String GRADER_VERSION = "mathbeam-synthetic/1";

  public static final int DEFAULT_ROWS_PER_FILE = 50_000;

  /** The generation limit the manifest records; truncated samples use all of it. */
  static final int MAX_TOKENS = 12_000;

  /** Characters per completion token of the synthetic text (English with LaTeX). */
  static final double CHARS_PER_TOKEN = 3.4;

  static final String AIME = "synth_aime";
  static final String MATH = "synth_math";
  static final String MINERVA = "synth_minerva";

  static final int REPLICAS = 4;

  /** What a synthetic sample was written to be. */
  enum Outcome {
    CORRECT(GradeStatus.CORRECT),
    /** The gold's value written in another form ({@code 0.75} for {@code \frac{3}{4}}). */
    EQUIVALENT(GradeStatus.CORRECT),
    WRONG(GradeStatus.INCORRECT),
    /** A boxed answer that does not parse as mathematics. */
    JUNK(GradeStatus.UNPARSEABLE),
    /** Reasoning with no final answer, or an empty answer beside the reasoning. */
    MISSING(GradeStatus.NO_ANSWER),
    TRUNCATED(GradeStatus.NO_ANSWER),
    REQUEST_ERROR(GradeStatus.REQUEST_ERROR);

    final GradeStatus intended;

    Outcome(GradeStatus intended) {
      this.intended = intended;
    }
  }

  private SyntheticRun() {}

  /** Writes the run with {@link #DEFAULT_ROWS_PER_FILE} rows per Parquet file. */
  public static SyntheticRunSummary write(Path dir, int problems, int samplesPerProblem, long seed)
      throws IOException {
    return write(dir, problems, samplesPerProblem, seed, DEFAULT_ROWS_PER_FILE);
  }

  /**
   * Writes {@code problems x samplesPerProblem} sample rows and the run's {@code metrics.json}
   * under {@code dir}, replacing an earlier synthetic run there.
   *
   * @throws IllegalArgumentException for a non-positive count
   */
  public static SyntheticRunSummary write(
      Path dir, int problems, int samplesPerProblem, long seed, int rowsPerFile)
      throws IOException {
    if (problems < 1 || samplesPerProblem < 1 || rowsPerFile < 1) {
      throw new IllegalArgumentException(
          "synthetic run: problems, samplesPerProblem and rowsPerFile must be positive, got "
              + problems
              + ", "
              + samplesPerProblem
              + ", "
              + rowsPerFile);
    }
    if (samplesPerProblem > SeedDerivation.MAX_SAMPLES_PER_PROBLEM) {
      throw new IllegalArgumentException(
          "synthetic run: samplesPerProblem must be at most "
              + SeedDerivation.MAX_SAMPLES_PER_PROBLEM
              + ", got "
              + samplesPerProblem);
    }
    Instant started = Instant.now();
    Path samplesDir = dir.resolve("samples");
    Files.createDirectories(samplesDir);
    clearSamples(samplesDir);

    long totalRows = (long) problems * samplesPerProblem;
    int files = (int) ((totalRows + rowsPerFile - 1) / rowsPerFile);
    Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
    List<DatasetMetrics> metrics = new ArrayList<>();
    MetricsAccumulator aggregate = new MetricsAccumulator();
    ArrayNode datasetsManifest = MetricsJson.JSON.createArrayNode();

    try (SyntheticRunWriter writer = new SyntheticRunWriter(samplesDir, files, rowsPerFile)) {
      for (DatasetPlan plan : plans(problems)) {
        ProblemTallies tallies = new ProblemTallies();
        MessageDigest digest = sha256();
        for (int p = 0; p < plan.problems(); p++) {
          String problemId = String.format("%s-%05d", plan.idPrefix(), p);
          SyntheticRunSamples.Problem problem = SyntheticRunSamples.problem(seed, plan, problemId);
          digest.update(
              (problemId + "\t" + String.join("|", problem.answer().golds()) + "\n")
                  .getBytes(StandardCharsets.UTF_8));
          ProblemTally tally = ProblemTally.empty(plan.name(), problemId);
          for (int index = 0; index < samplesPerProblem; index++) {
            SyntheticRunSamples.Sample sample =
                SyntheticRunSamples.sample(seed, plan.name(), problem, index, samplesPerProblem);
            writer.write(sample.record());
            outcomes.merge(sample.outcome(), 1L, Long::sum);
            tally =
                tally.plus(
                    sample.outcome().intended,
                    sample.outcome() == Outcome.TRUNCATED,
                    sample.completionTokens());
          }
          tallies.add(tally);
        }
        metrics.add(tallies.accumulate(new MetricsAccumulator()).result(plan.name()));
        tallies.accumulate(aggregate);
        datasetsManifest
            .addObject()
            .put("name", plan.name())
            .put("path", "synthetic:" + plan.name() + "?seed=" + seed)
            .put("samples_per_problem", samplesPerProblem)
            .put("sha256", HexFormat.of().formatHex(digest.digest()));
      }
    }
    metrics.add(aggregate.result(DatasetMetrics.AGGREGATE));

    Instant finished = Instant.now();
    ObjectNode manifest = manifest(seed, datasetsManifest, started, finished);
    ObjectNode root = MetricsJson.toJson(metrics, manifest);
    Files.writeString(dir.resolve("metrics.json"), MetricsJson.write(root));
    long bytes;
    try (Stream<Path> listing = Files.list(samplesDir)) {
      bytes = listing.mapToLong(SyntheticRun::size).sum();
    }
    return new SyntheticRunSummary(
        dir, problems, totalRows, files, bytes, outcomes, Duration.between(started, finished));
  }

  /**
   * {@code --output=DIR --samples=N | --problems=N, --samplesPerProblem=K (64), --seed=S (1),
   * --rowsPerFile=R}.
   */
  public static void main(String[] args) throws IOException {
    HarnessArgs options =
        HarnessArgs.parse(
            "synthetic-run",
            args,
            Set.of("output", "samples", "problems", "samplesPerProblem", "seed", "rowsPerFile"));
    int k = options.integer("samplesPerProblem", 64, 1);
    int problems =
        options.integer("problems", problemsFor(options.number("samples", 100_000, 1), k), 1);
    SyntheticRunSummary summary =
        write(
            Path.of(options.required("output")),
            problems,
            k,
            options.number("seed", 1, Long.MIN_VALUE),
            options.integer("rowsPerFile", DEFAULT_ROWS_PER_FILE, 1));
    print(summary, System.out);
  }

  /** The problem count that gives about {@code samples} rows at K samples per problem. */
  public static int problemsFor(long samples, int samplesPerProblem) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, samples / samplesPerProblem));
  }

  public static void print(SyntheticRunSummary s, PrintStream out) {
    out.printf(
        "synthetic run: %d samples (%d problems) in %d files, %.1f MB, written in %.1f s -> %s%n",
        s.samples(),
        s.problems(),
        s.files(),
        s.bytes() / 1e6,
        s.elapsed().toMillis() / 1000.0,
        s.dir());
    out.println("  outcomes as written: " + s.outcomes());
  }

  /** A dataset's name, problem count and the mix of gold answer forms. */
  record DatasetPlan(
      String name, String idPrefix, int problems, SyntheticRunAnswer.Form[] forms, int[] weights) {}

  /**
   * Splits the problems into up to three datasets: a fifth AIME-like, a fifth Minerva-like, the
   * rest MATH-like; one problem is MATH-like, two are one AIME-like and one MATH-like.
   */
  private static List<DatasetPlan> plans(int problems) {
    int aime = problems >= 3 ? Math.max(1, problems / 5) : problems - 1;
    int minerva = problems >= 3 ? Math.max(1, problems / 5) : 0;
    int math = problems - aime - minerva;
    List<DatasetPlan> plans = new ArrayList<>();
    if (aime > 0) {
      plans.add(
          new DatasetPlan(
              AIME,
              "aime",
              aime,
              new SyntheticRunAnswer.Form[] {SyntheticRunAnswer.Form.INTEGER},
              new int[] {1}));
    }
    plans.add(
        new DatasetPlan(
            MATH,
            "math",
            math,
            new SyntheticRunAnswer.Form[] {
              SyntheticRunAnswer.Form.INTEGER,
              SyntheticRunAnswer.Form.FRACTION,
              SyntheticRunAnswer.Form.SQRT,
              SyntheticRunAnswer.Form.INTERVAL,
              SyntheticRunAnswer.Form.DECIMAL,
              SyntheticRunAnswer.Form.EXPRESSION,
              SyntheticRunAnswer.Form.PI_MULTIPLE
            },
            new int[] {25, 20, 15, 10, 10, 10, 10}));
    if (minerva > 0) {
      plans.add(
          new DatasetPlan(
              MINERVA,
              "minerva",
              minerva,
              new SyntheticRunAnswer.Form[] {
                SyntheticRunAnswer.Form.DECIMAL,
                SyntheticRunAnswer.Form.EXPRESSION,
                SyntheticRunAnswer.Form.FRACTION,
                SyntheticRunAnswer.Form.INTEGER
              },
              new int[] {40, 30, 15, 15}));
    }
    return plans;
  }

  private static ObjectNode manifest(
      long seed, ArrayNode datasets, Instant started, Instant finished) {
    ObjectNode m = MetricsJson.JSON.createObjectNode();
    m.put("mathbeam_version", mathbeamVersion());
    m.put("grader_version", GRADER_VERSION);
    m.put("started_at", started.toString());
    m.put("finished_at", finished.toString());
    m.put("duration_seconds", Duration.between(started, finished).toMillis() / 1000.0);
    m.put("runner", "SyntheticRun");
    m.put("simulated_model", true);
    m.put("synthetic", true);
    ArrayNode endpoints = m.putArray("endpoints");
    for (int r = 0; r < REPLICAS; r++) {
      endpoints.add("http://replica-" + r + ":8000");
    }
    m.put("api", "chat");
    m.put("model", "synthetic-reasoner");
    m.putNull("cache_dir");
    ObjectNode sampling = m.putObject("sampling");
    sampling.put("temperature", 0.6);
    sampling.put("top_p", 0.95);
    sampling.put("top_k", -1);
    sampling.put("min_p", 0.0);
    sampling.put("repetition_penalty", 1.0);
    sampling.put("max_tokens", MAX_TOKENS);
    sampling.putArray("stop");
    sampling.put("base_seed", seed);
    ObjectNode prompt = m.putObject("prompt");
    prompt.put("system", "");
    prompt.put(
        "user_template",
        "{problem}\nPlease reason step by step, and put your final answer within \\boxed{}.");
    prompt.put("shuffle_choices", false);
    m.set("datasets", datasets);
    ObjectNode config = m.putObject("config");
    config.put("max_in_flight_per_replica", 256);
    config.put("samples_per_request", 1);
    config.put("max_attempts", 4);
    config.put("request_timeout_seconds", 3600);
    config.put("max_rejected_fraction", 0.05);
    config.put("id_key", "id");
    config.put("question_key", "problem");
    config.put("answer_key", "answer");
    return m;
  }

  /** The build's version, from the resource the pipelines' manifest reads it from. */
  public static String mathbeamVersion() {
    Properties p = new Properties();
    try (InputStream in =
        SyntheticRun.class.getResourceAsStream("/io/mathbeam/pipelines/version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      return "unknown";
    }
    return p.getProperty("version", "unknown");
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  /** Removes the Parquet files of an earlier synthetic run, so shards of two runs never mix. */
  private static void clearSamples(Path samplesDir) throws IOException {
    try (Stream<Path> listing = Files.list(samplesDir)) {
      for (Path file : listing.filter(f -> f.toString().endsWith(".parquet")).toList()) {
        Files.delete(file);
      }
    }
  }
}
