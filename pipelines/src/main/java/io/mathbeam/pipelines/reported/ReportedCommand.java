package io.mathbeam.pipelines.reported;

import io.mathbeam.core.published.PublishedModel;
import io.mathbeam.core.published.PublishedResults;
import io.mathbeam.core.report.PublishedTable;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.options.KnownOptions;
import io.mathbeam.pipelines.options.OptionsHelp;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code mathbeam reported list [--model=NAME]}: the registry of published results that {@code
 * --reported=auto} compares with, each model with its source, sampling and values.
 */
public final class ReportedCommand implements Command {
  static final String USAGE =
      "usage: mathbeam reported list [--model=NAME]\n\n"
          + "Lists the published results shipped with mathbeam: per model its source (paper or\n"
          + "model card), the sampling the source used and each value. --model shows the entry a\n"
          + "served model name matches (case and organisation prefix ignored), as\n"
          + "--reported=auto would.";

  private final PrintStream out;
  private final PrintStream err;

  public ReportedCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told.
   */
  public ReportedCommand() {
    this(System.out, System.err);
  }

  @Override
  public String name() {
    return "reported";
  }

  @Override
  public String summary() {
    return "list the published results --reported=auto compares with";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    if (OptionsHelp.asked(args)) {
      out.println(USAGE);
      return 0;
    }
    return new ReportedCommand(out, err).run(args);
  }

  public int run(String[] args) {
    if (args.length == 0 || !args[0].equals("list")) {
      err.println(
          (args.length == 0 ? "mathbeam reported: say what to do" : "unknown subcommand")
              + "\n\n"
              + USAGE);
      return 2;
    }
    String model = null;
    for (int i = 1; i < args.length; i++) {
      if (args[i].startsWith("--model=")) {
        model = args[i].substring("--model=".length());
      } else {
        err.println(
            "mathbeam reported list: "
                + KnownOptions.unknown(args[i], List.of("--model"))
                + "\n\n"
                + USAGE);
        return 2;
      }
    }
    PublishedResults registry = PublishedResults.builtin();
    List<PublishedModel> models = registry.models();
    if (model != null) {
      models = registry.find(model).map(List::of).orElse(List.of());
      if (models.isEmpty()) {
        err.println(
            "no published results for '" + model + "' ('mathbeam reported list' shows all)");
        return 1;
      }
    }
    out.print(PublishedTable.list(models));
    return 0;
  }
}
