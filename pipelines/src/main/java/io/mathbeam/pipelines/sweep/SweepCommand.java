package io.mathbeam.pipelines.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.report.TokenCost;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.eval.EvalInputs;
import io.mathbeam.pipelines.eval.EvalResult;
import io.mathbeam.pipelines.eval.PrecisionRun;
import io.mathbeam.pipelines.eval.PreparedRun;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.pipelines.options.OptionsHelp;
import io.mathbeam.pipelines.options.RunnerChoice;
import io.mathbeam.pipelines.storage.Storage;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * {@code mathbeam sweep --sweep=FILE [--output=DIR] [eval options...]}: every model of a sweep file
 * evaluated in one job (one pipeline, one branch per model), each model's results in {@code
 * DIR/<model>/} as a complete run directory, and {@code DIR/sweep.json} plus a table of pass@1 by
 * model and dataset.
 */
public final class SweepCommand implements Command {
  private final PrintStream out;

  public SweepCommand(PrintStream out) {
    this.out = out;
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told.
   */
  public SweepCommand() {
    this(System.out);
  }

  @Override
  public String name() {
    return "sweep";
  }

  @Override
  public String summary() {
    return "several models x benchmarks x K in one job, one run directory per model";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (OptionsHelp.answered(
        args,
        out,
        "usage: mathbeam sweep --sweep=FILE.yaml [--output=DIR] [eval options for"
            + " every model]\n\nA sweep file lists models (name, endpoints, model,"
            + " sampling, benchmarks);\nsee docs/SWEEPS.md. The eval options:",
        EvalOptions.class)) {
      return 0;
    }
    new SweepCommand(out).run(args);
    return 0;
  }

  public List<EvalResult> run(String[] args) throws Exception {
    String sweepFile = null;
    String output = null;
    List<String> common = new ArrayList<>();
    for (String arg : args) {
      if (arg.startsWith("--sweep=")) {
        sweepFile = arg.substring("--sweep=".length());
      } else if (arg.startsWith("--output=")) {
        output = arg.substring("--output=".length());
      } else if (arg.startsWith("--endpoints=")
          || arg.startsWith("--benchmarks=")
          || arg.startsWith("--problems=")) {
        throw new IllegalArgumentException(
            "sweep: " + arg.substring(0, arg.indexOf('=')) + " belongs in the sweep file");
      } else {
        common.add(arg);
      }
    }
    if (sweepFile == null) {
      throw new IllegalArgumentException("sweep: --sweep=FILE is required (YAML or JSON)");
    }
    // parsing configures the file systems: the sweep file may itself be on object storage
    EvalCommand.parse(common.toArray(new String[0]));
    SweepFile sweep = SweepFile.read(sweepFile);
    String root =
        output != null
            ? output.replaceAll("/+$", "")
            : "runs/sweep-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    EvalCommand eval = new EvalCommand(out);
    String runId = UUID.randomUUID().toString();
    List<PreparedRun> runs = new ArrayList<>();
    EvalOptions first = null;
    boolean precision = false;
    List<String[]> argvs = new ArrayList<>();
    List<EvalOptions> parsed = new ArrayList<>();
    List<EvalInputs> inputs = new ArrayList<>();
    try {
      long samples = 0;
      for (SweepFile.Entry model : sweep.models()) {
        List<String> modelArgs = new ArrayList<>(common);
        // a model's own price or precision replaces the command line's
        for (String option : List.of(SweepFile.PRICE_OPTION, SweepFile.PRECISION_OPTION)) {
          if (model.args().stream().anyMatch(a -> a.startsWith(option + "="))) {
            modelArgs.removeIf(a -> a.startsWith(option + "="));
          }
        }
        modelArgs.addAll(model.args());
        modelArgs.add("--output=" + root + "/" + model.name());
        String[] argv = modelArgs.toArray(new String[0]);
        EvalOptions options = EvalCommand.parse(argv);
        PrecisionRun.check(options);
        if (options.getLaunchModel() != null) {
          throw new IllegalArgumentException(
              "--launchModel is an eval option (one model on this machine's GPUs); a sweep"
                  + " evaluates running servers: give each model its endpoints");
        }
        EvalInputs modelInputs = EvalInputs.read(options);
        samples += modelInputs.plannedSamples();
        inputs.add(modelInputs);
        argvs.add(argv);
        parsed.add(options);
      }
      // one job: the runner is chosen once, by the whole sweep's size
      for (int i = 0; i < parsed.size(); i++) {
        RunnerChoice.apply(
            parsed.get(i),
            argvs.get(i),
            samples,
            i == 0 ? out : new PrintStream(OutputStream.nullOutputStream()));
      }
      first = parsed.get(0);
      if (parsed.stream().anyMatch(o -> o.getPrecision() != null)) {
        // rounds: each a job of the models that still need samples
        precision = true;
      } else {
        for (int i = 0; i < parsed.size(); i++) {
          out.println("Model " + sweep.models().get(i).name() + ":");
          runs.add(eval.prepare(parsed.get(i), inputs.get(i), argvs.get(i), runId));
        }
      }
    } catch (Exception e) {
      runs.forEach(PreparedRun::close);
      throw e;
    }
    List<EvalResult> results =
        precision
            ? new PrecisionRun(eval, out).run(parsed, inputs, argvs, runId)
            : eval.execute(first, runs);
    writeSummary(root, sweep, results);
    return results;
  }

  /** The completion tokens of every sample of a run: each dataset's samples times their mean. */
  private static long completionTokens(JsonNode metrics) {
    double tokens = 0;
    var datasets = metrics.path("datasets").elements();
    while (datasets.hasNext()) {
      JsonNode d = datasets.next();
      tokens += d.path("num_samples").asDouble() * d.path("mean_completion_tokens").asDouble();
    }
    return Math.round(tokens);
  }

  private void writeSummary(String root, SweepFile sweep, List<EvalResult> results)
      throws Exception {
    ObjectNode doc = MetricsJson.JSON.createObjectNode();
    ArrayNode models = doc.putArray("models");
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT, "%-24s %-16s %8s %17s%n", "Model", "Dataset", "Pass@1", "95% CI"));
    for (int i = 0; i < results.size(); i++) {
      String name = sweep.models().get(i).name();
      JsonNode metrics =
          MetricsJson.JSON.readTree(
              Storage.readString(Storage.resolve(root, name + "/metrics.json")));
      ObjectNode entry = models.addObject().put("name", name).put("run", root + "/" + name);
      entry.set("model", metrics.path("manifest").path("model"));
      // what the model's results cost: tokens always, money where the model has a price
      JsonNode aggregate = metrics.path(DatasetMetrics.AGGREGATE);
      entry.put("completion_tokens", completionTokens(metrics));
      JsonNode cost = aggregate.get(TokenCost.FIELD);
      entry.set(TokenCost.FIELD, cost == null ? NullNode.getInstance() : cost);
      ObjectNode perDataset = entry.putObject("pass_at_1");
      metrics
          .path("datasets")
          .fields()
          .forEachRemaining(
              d -> {
                JsonNode p = d.getValue().path("pass_at_k").path(0);
                perDataset.set(d.getKey(), p);
                table.append(
                    String.format(
                        Locale.ROOT,
                        "%-24s %-16s %7.1f%% %17s%n",
                        name,
                        d.getKey(),
                        100 * p.path("value").asDouble(),
                        p.path("ci95_lower").isNumber()
                            ? String.format(
                                Locale.ROOT,
                                "[%.1f, %.1f]",
                                100 * p.path("ci95_lower").asDouble(),
                                100 * p.path("ci95_upper").asDouble())
                            : "-"));
              });
    }
    Storage.writeString(Storage.resolve(root, "sweep.json"), MetricsJson.write(doc));
    out.println();
    out.println("Sweep: " + results.size() + " models in one job -> " + root);
    out.print(table);
  }
}
