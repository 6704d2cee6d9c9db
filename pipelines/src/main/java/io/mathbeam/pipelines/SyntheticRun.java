package io.mathbeam.pipelines;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
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
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;

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
final class SyntheticRun {
  /** Marks the stored grades as the generator's intent, not any grader's verdict. */
  static final String GRADER_VERSION = "mathbeam-synthetic/1";

  static final int DEFAULT_ROWS_PER_FILE = 50_000;

  /** The generation limit the manifest records; truncated samples use all of it. */
  static final int MAX_TOKENS = 12_000;

  /** Characters per completion token of the synthetic text (English with LaTeX). */
  static final double CHARS_PER_TOKEN = 3.4;

  static final String AIME = "synth_aime";
  static final String MATH = "synth_math";
  static final String MINERVA = "synth_minerva";

  private static final double MEDIAN_RESPONSE_CHARS = 7_000;
  private static final double RESPONSE_LENGTH_SIGMA = 0.6;
  private static final int MIN_RESPONSE_CHARS = 400;
  private static final int MAX_RESPONSE_CHARS = 36_000;
  private static final double REQUEST_ERROR_RATE = 0.004;
  private static final int REPLICAS = 4;

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
  static SyntheticRunSummary write(Path dir, int problems, int samplesPerProblem, long seed)
      throws IOException {
    return write(dir, problems, samplesPerProblem, seed, DEFAULT_ROWS_PER_FILE);
  }

  /**
   * Writes {@code problems x samplesPerProblem} sample rows and the run's {@code metrics.json}
   * under {@code dir}, replacing an earlier synthetic run there.
   *
   * @throws IllegalArgumentException for a non-positive count
   */
  static SyntheticRunSummary write(
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

    try (RollingWriter writer = new RollingWriter(samplesDir, files, rowsPerFile)) {
      for (DatasetPlan plan : plans(problems)) {
        ProblemTallies tallies = new ProblemTallies();
        MessageDigest digest = sha256();
        for (int p = 0; p < plan.problems(); p++) {
          String problemId = String.format("%s-%05d", plan.idPrefix(), p);
          SyntheticProblem problem = problem(seed, plan, problemId);
          digest.update(
              (problemId + "\t" + String.join("|", problem.answer().golds()) + "\n")
                  .getBytes(StandardCharsets.UTF_8));
          ProblemTally tally = ProblemTally.empty(plan.name(), problemId);
          for (int index = 0; index < samplesPerProblem; index++) {
            SyntheticSample sample = sample(seed, plan.name(), problem, index, samplesPerProblem);
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
    RegradeBenchmarkArgs options =
        RegradeBenchmarkArgs.parse(
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
  static int problemsFor(long samples, int samplesPerProblem) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, samples / samplesPerProblem));
  }

  static void print(SyntheticRunSummary s, PrintStream out) {
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
  private record DatasetPlan(
      String name, String idPrefix, int problems, SyntheticRunAnswer.Form[] forms, int[] weights) {}

  /** One problem: its answers, statement and how often samples solve it. */
  private record SyntheticProblem(
      String id,
      SyntheticRunAnswer answer,
      String statement,
      double solveRate,
      double truncationRate) {}

  /** One row and what it was written to be. */
  private record SyntheticSample(GenericRecord record, Outcome outcome, int completionTokens) {}

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

  private static SyntheticProblem problem(long seed, DatasetPlan plan, String problemId) {
    SplittableRandom rng =
        new SplittableRandom(spread(SeedDerivation.problemBase(seed, plan.name(), problemId)));
    SyntheticRunAnswer.Form form = pick(plan.forms(), plan.weights(), rng);
    SyntheticRunAnswer answer = SyntheticRunAnswer.draw(form, rng);
    // Real benchmarks mix hopeless, middling and easy problems; the pass@k curves need all three.
    double bucket = rng.nextDouble();
    double solveRate =
        bucket < 0.25
            ? rng.nextDouble(0.0, 0.08)
            : bucket < 0.7 ? rng.nextDouble(0.1, 0.9) : rng.nextDouble(0.85, 1.0);
    double truncationRate = 0.01 + 0.07 * (1 - solveRate);
    String statement = SyntheticRunText.problem(rng, describe(form));
    return new SyntheticProblem(problemId, answer, statement, solveRate, truncationRate);
  }

  private static SyntheticSample sample(
      long seed, String dataset, SyntheticProblem problem, int index, int samplesPerProblem) {
    long sampleSeed = SeedDerivation.seed(seed, dataset, problem.id(), index);
    SplittableRandom rng = new SplittableRandom(spread(sampleSeed));
    SampleRequest request =
        new SampleRequest(
            dataset,
            problem.id(),
            problem.statement(),
            problem.answer().golds(),
            index,
            samplesPerProblem,
            sampleSeed);
    String replica = "http://replica-" + Math.floorMod(problem.id().hashCode(), REPLICAS) + ":8000";
    int promptTokens = 40 + problem.statement().length() / 4;
    Outcome outcome = drawOutcome(rng, problem);
    if (outcome == Outcome.REQUEST_ERROR) {
      ErrorClass[] classes = {
        ErrorClass.TIMEOUT, ErrorClass.SERVER_ERROR, ErrorClass.CONNECTION, ErrorClass.RATE_LIMITED
      };
      ErrorClass errorClass = classes[rng.nextInt(classes.length)];
      Generation failed =
          Generation.builder(request)
              .latencyMs(60_000 + rng.nextInt(240_000))
              .replica(replica)
              .attempts(4)
              .error(errorClass, errorClass.name() + " from " + replica + " on all 4 attempts")
              .build();
      return new SyntheticSample(row(failed, null, outcome), outcome, 0);
    }

    StringBuilder text = new StringBuilder();
    String reasoning = null;
    String extracted = null;
    String finishReason = "stop";
    int tokens;
    switch (outcome) {
      case TRUNCATED -> {
        int chars = (int) (MAX_TOKENS * CHARS_PER_TOKEN * rng.nextDouble(0.93, 1.0));
        SyntheticRunText.appendReasoning(text, rng, chars, true);
        text.setLength(chars); // cut off mid-sentence, as a length stop does
        finishReason = "length";
      }
      case MISSING -> {
        if (rng.nextInt(3) == 0) {
          // the reasoning field holds everything and the answer part came back empty
          StringBuilder thought = new StringBuilder();
          SyntheticRunText.appendReasoning(thought, rng, responseLength(rng), true);
          reasoning = thought.toString();
        } else {
          SyntheticRunText.appendReasoning(text, rng, responseLength(rng), true);
          text.append("\n</think>\n\n");
          SyntheticRunText.appendReasoning(text, rng, 200 + rng.nextInt(600), false);
        }
      }
      default -> {
        extracted = finalAnswer(outcome, problem.answer(), rng);
        SyntheticRunText.appendReasoning(text, rng, responseLength(rng), true);
        if (rng.nextInt(4) == 0) {
          text.append("\n</think>\n\n");
          SyntheticRunText.appendReasoning(text, rng, 200 + rng.nextInt(800), true);
        }
        appendFinalAnswer(text, extracted, outcome == Outcome.JUNK, rng);
      }
    }
    int chars = text.length() + (reasoning == null ? 0 : reasoning.length());
    tokens =
        outcome == Outcome.TRUNCATED
            ? MAX_TOKENS
            : Math.min(MAX_TOKENS - 1, (int) Math.round(chars / CHARS_PER_TOKEN));
    long latency = 300 + (long) (tokens * rng.nextDouble(10.0, 25.0));
    Generation generation =
        Generation.builder(request)
            .text(text.toString())
            .reasoning(reasoning)
            .finishReason(finishReason)
            .promptTokens(promptTokens)
            .completionTokens(tokens)
            .latencyMs(latency)
            .replica(replica)
            .attempts(rng.nextInt(20) == 0 ? 2 : 1)
            .build();
    return new SyntheticSample(row(generation, extracted, outcome), outcome, tokens);
  }

  private static Outcome drawOutcome(SplittableRandom rng, SyntheticProblem problem) {
    if (rng.nextDouble() < REQUEST_ERROR_RATE) {
      return Outcome.REQUEST_ERROR;
    }
    if (rng.nextDouble() < problem.truncationRate()) {
      return Outcome.TRUNCATED;
    }
    if (rng.nextDouble() < problem.solveRate()) {
      return rng.nextDouble() < 0.35 ? Outcome.EQUIVALENT : Outcome.CORRECT;
    }
    double miss = rng.nextDouble();
    return miss < 0.75 ? Outcome.WRONG : miss < 0.85 ? Outcome.JUNK : Outcome.MISSING;
  }

  private static String finalAnswer(
      Outcome outcome, SyntheticRunAnswer answer, SplittableRandom rng) {
    return switch (outcome) {
      case CORRECT -> answer.gold();
      case EQUIVALENT -> answer.pickEquivalent(rng);
      case WRONG -> answer.pickWrong(rng);
      case JUNK -> SyntheticRunAnswer.junk(rng);
      default -> throw new IllegalStateException("no final answer for " + outcome);
    };
  }

  /**
   * Boxed most of the time, as the prompt asks; otherwise an "answer is" sentence or an {@code
   * Answer:} line. Junk is always boxed: a phrase would let the grader reduce it to its first
   * number.
   */
  private static void appendFinalAnswer(
      StringBuilder text, String answer, boolean junk, SplittableRandom rng) {
    int style = junk ? 0 : rng.nextInt(100);
    if (style < 50) {
      text.append("\n\nTherefore, the final answer is $\\boxed{").append(answer).append("}$.");
    } else if (style < 80) {
      text.append("\n\n**Final Answer**\n\\[\n\\boxed{").append(answer).append("}\n\\]");
    } else if (style < 92) {
      text.append("\n\nThe final answer is $").append(answer).append("$.");
    } else {
      text.append("\n\nAnswer: ").append(answer);
    }
  }

  /** Log-normal: median {@link #MEDIAN_RESPONSE_CHARS}, a long tail, capped below truncation. */
  private static int responseLength(SplittableRandom rng) {
    double chars =
        Math.exp(Math.log(MEDIAN_RESPONSE_CHARS) + RESPONSE_LENGTH_SIGMA * rng.nextGaussian());
    return (int) Math.max(MIN_RESPONSE_CHARS, Math.min(MAX_RESPONSE_CHARS, chars));
  }

  private static GenericRecord row(Generation generation, String extracted, Outcome outcome) {
    GradedSample graded = new GradedSample(generation, extracted, outcome.intended, 0);
    GenericData.Record record = (GenericData.Record) OutputSchemas.sampleRecord(graded);
    record.put("grader_version", GRADER_VERSION);
    return record;
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
  static String mathbeamVersion() {
    Properties p = new Properties();
    try (InputStream in = SyntheticRun.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      return "unknown";
    }
    return p.getProperty("version", "unknown");
  }

  private static String describe(SyntheticRunAnswer.Form form) {
    return switch (form) {
      case INTEGER -> "an integer";
      case FRACTION -> "a fraction in lowest terms";
      case SQRT -> "a simplified radical";
      case INTERVAL -> "an interval";
      case DECIMAL -> "a decimal";
      case EXPRESSION -> "a polynomial in $x$";
      case PI_MULTIPLE -> "a multiple of $\\pi$";
    };
  }

  private static <T> T pick(T[] items, int[] weights, SplittableRandom rng) {
    int total = 0;
    for (int w : weights) {
      total += w;
    }
    int roll = rng.nextInt(total);
    for (int i = 0; i < items.length; i++) {
      roll -= weights[i];
      if (roll < 0) {
        return items[i];
      }
    }
    return items[items.length - 1];
  }

  /** SeedDerivation's seeds of one problem are consecutive; spread them before seeding a PRNG. */
  private static long spread(long seed) {
    return seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
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

  /** Writes rows into {@code samples-NNNNN-of-MMMMM.parquet}, a new file every so many rows. */
  private static final class RollingWriter implements AutoCloseable {
    /** The row group size the pipelines' samples writer uses. */
    private static final long ROW_GROUP_BYTES = OutputSchemas.SAMPLE_ROW_GROUP_BYTES;

    private final Path dir;
    private final int files;
    private final int rowsPerFile;
    private ParquetWriter<GenericRecord> current;
    private int fileIndex = -1;
    private long rowsInFile;

    RollingWriter(Path dir, int files, int rowsPerFile) {
      this.dir = dir;
      this.files = files;
      this.rowsPerFile = rowsPerFile;
    }

    void write(GenericRecord record) throws IOException {
      if (current == null || rowsInFile == rowsPerFile) {
        close();
        fileIndex++;
        Path file = dir.resolve(String.format("samples-%05d-of-%05d.parquet", fileIndex, files));
        current = RegradeFloorParquet.open(file, OutputSchemas.SAMPLE, ROW_GROUP_BYTES);
        rowsInFile = 0;
      }
      current.write(record);
      rowsInFile++;
    }

    @Override
    public void close() throws IOException {
      if (current != null) {
        current.close();
        current = null;
      }
    }
  }
}
