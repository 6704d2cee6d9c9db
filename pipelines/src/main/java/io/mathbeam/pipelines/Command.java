package io.mathbeam.pipelines;

import java.io.PrintStream;

/**
 * One subcommand of the {@code mathbeam} command line: its name, its line in the usage, its run.
 */
public interface Command {
  String name();

  /** The command's line in {@code mathbeam --help}. */
  String summary();

  /** Runs the command on the arguments after its name; returns the process's exit code. */
  int run(String[] args, PrintStream out, PrintStream err) throws Exception;

  /** What a command does, given the arguments after its name. */
  @FunctionalInterface
  interface Body {
    int run(String[] args, PrintStream out, PrintStream err) throws Exception;
  }

  static Command of(String name, String summary, Body body) {
    return new Command() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String summary() {
        return summary;
      }

      @Override
      public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        return body.run(args, out, err);
      }
    };
  }
}
