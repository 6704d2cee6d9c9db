package io.mathbeam.pipelines.grade;

import io.mathbeam.core.grading.GradeFile;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.options.KnownOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** {@code mathbeam grade --input=cases.jsonl --output=verdicts.jsonl}. */
public final class GradeCommand implements Command {
  static final String USAGE =
      String.join(
          "\n",
          "usage: mathbeam grade --input=FILE.jsonl --output=FILE.jsonl",
          "",
          "Each input line has 'gold' (a string or a list of accepted answers) and 'pred' (a whole",
          "response, or a bare answer when 'pred_is_extracted_answer' is true), optionally",
          "'expected' (true/false). Each output line repeats the input fields and adds 'verdict',",
          "'status', 'extracted' and 'micros'. Prints the count, the agreement with 'expected',",
          "and cases per second.");

  private final PrintStream out;

  public GradeCommand(PrintStream out) {
    this.out = out;
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told.
   */
  public GradeCommand() {
    this(System.out);
  }

  @Override
  public String name() {
    return "grade";
  }

  @Override
  public String summary() {
    return "grade a JSONL file of gold/pred pairs";
  }

  /** {@code --help} is handled by {@link #run(String[])}, among the other options. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    return new GradeCommand(out).run(args);
  }

  public int run(String[] args) throws Exception {
    Path input = null;
    Path output = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--help")) {
        out.println(USAGE);
        return 0;
      }
      String value = null;
      String name = arg;
      int eq = arg.indexOf('=');
      if (eq > 0) {
        name = arg.substring(0, eq);
        value = arg.substring(eq + 1);
      } else if (i + 1 < args.length) {
        value = args[++i];
      }
      switch (name) {
        case "--input" -> input = Paths.get(value);
        case "--output" -> output = Paths.get(value);
        default ->
            throw new IllegalArgumentException(
                "grade: "
                    + KnownOptions.unknown(name, List.of("--input", "--output"))
                    + "\n"
                    + USAGE);
      }
    }
    if (input == null || output == null) {
      throw new IllegalArgumentException("grade: --input and --output are required\n" + USAGE);
    }
    GradeFile.Summary summary = GradeFile.run(input, output, new Grader());
    out.println(summary.format());
    return 0;
  }
}
