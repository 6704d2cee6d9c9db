package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.client.Api;
import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.report.TokenPrice;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.flink.EarlyFlinkCluster;
import io.mathbeam.pipelines.launch.LaunchedFleet;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.pipelines.options.KnownOptions;
import io.mathbeam.pipelines.options.LaunchOptions;
import io.mathbeam.pipelines.options.OptionsHelp;
import io.mathbeam.pipelines.options.RunnerChoice;
import io.mathbeam.pipelines.options.SandboxOptions;
import io.mathbeam.pipelines.storage.Storage;
import io.mathbeam.transforms.GenerationConfig;
import io.mathbeam.transforms.LiveProgress;
import io.mathbeam.transforms.SharedSandboxes;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/** {@code mathbeam eval}: runs the evaluation pipeline and prints the summary. */
public final class EvalCommand implements Command {

  private final PrintStream out;
  private final PrintStream progress;

  public EvalCommand(PrintStream out) {
    this(out, System.err);
  }

  /**
   * @param progress where the progress lines go (stderr from the command line)
   */
  EvalCommand(PrintStream out, PrintStream progress) {
    this.progress = progress;
    this.out = out;
  }

  /** The same command printing its results to {@code other} (progress lines unchanged). */
  EvalCommand printingTo(PrintStream other) {
    return new EvalCommand(other, progress);
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told.
   */
  public EvalCommand() {
    this(System.out);
  }

  @Override
  public String name() {
    return "eval";
  }

  @Override
  public String summary() {
    return "evaluate a model on math and code benchmarks (the Beam pipeline)";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (OptionsHelp.answered(
        args, out, "usage: mathbeam eval [--option=value ...]", EvalOptions.class)) {
      return 0;
    }
    new EvalCommand(out).run(args);
    return 0;
  }

  /** Runs an evaluation; returns its result, or throws with a message for the user. */
  public EvalResult run(String[] args) throws Exception {
    EvalOptions options = parse(args);
    PrecisionRun.check(options);
    EvalInputs inputs = EvalInputs.read(options);
    RunnerChoice.apply(options, args, inputs.plannedSamples(), out);
    if (options.getPrecision() != null) {
      return new PrecisionRun(this, out).run(options, inputs, args);
    }
    return execute(options, List.of(prepare(options, inputs, args, UUID.randomUUID().toString())))
        .get(0);
  }

  /** The options of {@code args}; the runner and its defaults are set by {@link RunnerChoice}. */
  public static EvalOptions parse(String[] args) {
    KnownOptions.check(args, EvalOptions.class);
    EvalOptions options =
        PipelineOptionsFactory.fromArgs(args).withValidation().as(EvalOptions.class);
    // a malformed price must fail here, before any request is sent
    TokenPrice.parse(options.getPricePerMillionTokens());
    Storage.configure(options, List.of(args));
    return options;
  }

  /**
   * Everything one evaluation needs before the pipeline runs: inputs read and checked, the reported
   * file read, the model resolved, the cache prepared. Starts the simulated fleet when no endpoints
   * are given ({@link PreparedRun#close()} stops it).
   *
   * @param inputs the options' {@link #inputs}, read once before the runner was chosen
   * @param runId shared by the evaluations of one job: their progress is counted together
   */
  public PreparedRun prepare(EvalOptions options, EvalInputs inputs, String[] args, String runId)
      throws Exception {
    boolean direct = options.getRunner() == DirectRunner.class;
    FieldMapping mapping =
        new FieldMapping(options.getIdKey(), options.getQuestionKey(), options.getAnswerKey());
    List<ProblemSource> sources = inputs.sources();
    // read before any request is sent: a typo in it must not cost a run
    ReportedRequest reported = ReportedRequest.of(options.getReported());
    // Local paths are made absolute: on a cluster, workers resolve relative ones against their own
    // working directory, which split a run between the client's and the TaskManagers' folders.
    String output =
        absolute(
            options.getOutput() != null
                ? options.getOutput()
                : "runs/eval-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    if (options.getCacheDir() != null && !options.getCacheDir().equals("none")) {
      options.setCacheDir(absolute(options.getCacheDir()));
    }
    SamplingParams sampling = GenerationSetup.sampling(options);
    PromptTemplate template =
        new PromptTemplate(
            options.getSystemPrompt(),
            options.getUserTemplate() == null
                ? PromptTemplate.DEFAULT_USER_TEMPLATE
                : options.getUserTemplate());

    List<Problem> known = inputs.known();
    long totalSamples = inputs.totalSamples();
    SandboxConfig sandbox = SandboxOptions.config(options);
    String sandboxDescription = null;
    if (options.getTir() || known.stream().anyMatch(Problem::isCode)) {
      // before any request: a run whose programs cannot run must not pay for their generations
      sandboxDescription = SharedSandboxes.get(sandbox).describe();
      out.println("Code sandbox: " + sandboxDescription);
    }

    DemoServers.Running fleet = null;
    LaunchedFleet launched = null;
    JudgeSetup.Judge judge = null;
    try {
      List<String> endpoints = split(options.getEndpoints());
      if (options.getLaunchModel() != null) {
        launched = launch(options, endpoints, output);
        endpoints = launched.endpoints();
      }
      boolean simulated = endpoints.isEmpty();
      if (simulated) {
        fleet = DemoServers.load().model(known, options);
        endpoints = fleet.endpoints();
        out.println(
            "No --endpoints given: sampling from a SIMULATED model ("
                + fleet.endpoints().size()
                + " simulated replicas on "
                + String.join(", ", endpoints)
                + "). Scores below measure nothing real.");
      }
      Api api = Api.valueOf(options.getApi().toUpperCase(Locale.ROOT));
      String model =
          options.getModel() != null
              ? options.getModel()
              : ServedModel.resolve(endpoints, options.getApiKey());
      ClientConfig client = GenerationSetup.client(options, endpoints, api, model);
      String cacheDir =
          GenerationCache.prepare(
              options.getCacheDir(),
              output,
              GenerationCacheKey.describe(
                  api,
                  model,
                  sampling,
                  template,
                  options.getSeed(),
                  options.getTir() ? options.getMaxCodeExecutions() : 0));
      GenerationConfig generation =
          GenerationSetup.generation(options, client, template, sampling, cacheDir, runId, sandbox);
      judge = JudgeSetup.prepare(options, output, runId, client, out);
      Instant started = Instant.now();
      ObjectNode manifest =
          RunManifest.build(
              options, sources, endpoints, simulated, model, sampling, template, cacheDir, started);
      // as the generation step was configured: the runner's choice is made once, above
      ((ObjectNode) manifest.get("config"))
          .put("generation_shards", client.capShards())
          .put("generation_groups", generation.groups());
      manifest.set("judge", judge.manifest());
      if (launched != null) {
        manifest.set(PreparedRun.LAUNCHED_SERVERS, launched.manifest());
      }
      if (sandboxDescription != null) {
        manifest.put("code_sandbox", sandboxDescription);
      }
      if (options.getTir()) {
        manifest
            .putObject("tool_integrated")
            .put("max_code_executions", options.getMaxCodeExecutions());
      }
      EvalConfig config =
          new EvalConfig(
              sources,
              mapping,
              options.getMaxRejectedFraction(),
              options.getSeed(),
              options.getShuffleChoices(),
              generation,
              judge.config(),
              output,
              !direct,
              MetricsJson.write(manifest),
              sandbox,
              Map.of());
      RunOutputs.clearPrevious(output);
      PreparedRun prepared =
          new PreparedRun(
              options,
              config,
              client,
              describe(sources),
              totalSamples,
              reported,
              fleet,
              launched,
              judge);
      fleet = null;
      launched = null;
      judge = null;
      return prepared;
    } finally {
      if (fleet != null) {
        fleet.close();
      }
      if (launched != null) {
        launched.close();
      }
      if (judge != null) {
        judge.close();
      }
    }
  }

  /**
   * Starts the servers of {@code --launchModel}, their logs in {@code <output>/servers}; ready when
   * this returns.
   */
  private LaunchedFleet launch(EvalOptions options, List<String> endpoints, String output)
      throws Exception {
    if (!endpoints.isEmpty()) {
      throw new IllegalArgumentException(
          "--launchModel starts its own servers and --endpoints names running ones: give one of"
              + " them");
    }
    if (output.contains("://")) {
      throw new IllegalArgumentException(
          "--launchModel writes the servers' logs beside the run: --output must be a local"
              + " directory, got "
              + output);
    }
    return LaunchedFleet.start(
        LaunchOptions.launchConfig(options, output, options.getApiKey()), out, progress);
  }

  /**
   * Runs the prepared evaluations as one pipeline (one job) with the runner options of {@code
   * options}, finishes each output directory and returns their results in order.
   */
  public List<EvalResult> execute(EvalOptions options, List<PreparedRun> runs) throws Exception {
    try {
      return executeOpen(options, runs);
    } finally {
      for (PreparedRun run : runs) {
        run.close();
      }
    }
  }

  /** As {@link #execute}, leaving the runs' servers running (a round of {@code --precision}). */
  List<EvalResult> executeOpen(EvalOptions options, List<PreparedRun> runs) throws Exception {
    return executeOpen(
        options, runs, Collections.nCopies(runs.size(), RunOutputs.Completion.ALWAYS));
  }

  /**
   * As {@link #executeOpen(EvalOptions, List)}, each run's outputs finished with its completion.
   */
  List<EvalResult> executeOpen(
      EvalOptions options, List<PreparedRun> runs, List<RunOutputs.Completion> completions)
      throws Exception {
    {
      Instant started;
      PipelineResult result;
      PipelineResult.State state;
      // the embedded Flink cluster starts while the pipeline is built (EarlyFlinkCluster)
      try (EarlyFlinkCluster early = EarlyFlinkCluster.start(options)) {
        Pipeline pipeline = Pipeline.create(options);
        long totalSamples = 0;
        for (int i = 0; i < runs.size(); i++) {
          PreparedRun run = runs.get(i);
          pipeline.apply(
              runs.size() == 1 ? "Eval" : "Eval " + (i + 1), EvalPipeline.of(run.config()));
          out.println("Evaluating " + run.inputs() + " -> " + run.config().outputDir());
          totalSamples =
              totalSamples < 0 || run.totalSamples() < 0 ? -1 : totalSamples + run.totalSamples();
        }
        started = Instant.now();
        String runId = runs.get(0).config().generation().runId();
        remoteClusterNote(options);
        AtomicReference<PipelineResult> running = new AtomicReference<>();
        // started before run(): the FlinkRunner's run() returns only when the job is done, while
        // its embedded cluster's workers update this JVM's LiveProgress all along
        try (ProgressReporter reporter =
            new ProgressReporter(
                running::get,
                LiveProgress.of(runId),
                runs.get(0).client(),
                totalSamples,
                progress,
                System.console() != null,
                options.getProgressSeconds())) {
          result = pipeline.run();
          running.set(result);
          state = result.waitUntilFinish();
        } finally {
          LiveProgress.forget(runId);
        }
      }
      if (state != PipelineResult.State.DONE) {
        throw new IllegalStateException(
            "pipeline ended in state " + state + " (expected DONE); outputs may be incomplete");
      }
      RunCounters counters = RunCounters.of(result);
      List<EvalResult> results = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        PreparedRun run = runs.get(i);
        // with several evaluations in one job the counters are the job's, not one model's
        results.add(
            RunOutputs.finish(
                run.config().outputDir(),
                started,
                Instant.now(),
                counters,
                run.reported(),
                run.options().getHistory(),
                run.manifestUpdates(),
                completions.get(i),
                out));
        if (run.launched() != null) {
          for (String death : run.launched().deaths()) {
            out.println("Server " + death);
          }
        }
      }
      for (int i = 0; i < runs.size(); i++) {
        checkErrorFraction(results.get(i), runs.get(i).options().getMaxErrorFraction());
      }
      return results;
    }
  }

  /**
   * Workers of a remote Flink cluster count progress in their own JVMs, out of this one's sight;
   * the cluster's web UI shows it.
   */
  private void remoteClusterNote(EvalOptions options) {
    if (options.getRunner() != null && options.getRunner().getSimpleName().equals("FlinkRunner")) {
      String master = options.as(FlinkPipelineOptions.class).getFlinkMaster();
      if (master != null && !master.startsWith("[")) {
        out.println(
            "Submitting to the Flink cluster at "
                + master
                + "; follow the job in its web UI (http://"
                + master
                + "), this console prints the results when it ends.");
      }
    }
  }

  private static void checkErrorFraction(EvalResult result, double maxFraction) {
    for (DatasetMetrics m : result.metrics()) {
      if (m.isAggregate() && m.numSamples() > 0) {
        double fraction = (double) m.requestErrors() / m.numSamples();
        if (fraction > maxFraction) {
          throw new IllegalStateException(
              String.format(
                  Locale.ROOT,
                  "%d of %d samples ended as request errors (%.1f%% > --maxErrorFraction=%s);"
                      + " results are in %s (see error_class in samples/); a rerun retries only"
                      + " the failed samples",
                  m.requestErrors(),
                  m.numSamples(),
                  100 * fraction,
                  maxFraction,
                  result.outputDir()));
        }
      }
    }
  }

  /** A local path made absolute; a URL of another file system ({@code s3://...}) unchanged. */
  static String absolute(String path) {
    return path.contains("://") ? path : Path.of(path).toAbsolutePath().normalize().toString();
  }

  static String describe(List<ProblemSource> sources) {
    return describe(sources, Map.of());
  }

  /**
   * The sources with their K, or "up to K" where single problems have their own samples ({@code
   * problemSamples} per dataset, by problem id).
   */
  static String describe(
      List<ProblemSource> sources, Map<String, Map<String, Integer>> problemSamples) {
    return String.join(
        ", ",
        sources.stream()
            .map(
                s -> {
                  Map<String, Integer> own = problemSamples.getOrDefault(s.datasetId(), Map.of());
                  return s.datasetId()
                      + (own.isEmpty()
                          ? " (K=" + s.samples() + ")"
                          : " (up to K=" + Collections.max(own.values()) + " per problem)");
                })
            .toList());
  }

  private static List<String> split(String csv) {
    if (csv == null || csv.isBlank()) {
      return List.of();
    }
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
