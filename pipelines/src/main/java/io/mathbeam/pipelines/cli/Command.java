package io.mathbeam.pipelines.cli;

import java.io.PrintStream;

/**
 * One subcommand of the {@code mathbeam} command line: its name, its line in the usage, its run.
 *
 * <p>It lives below the commands' packages (not beside {@code Main}) so that each command can
 * implement it while {@code Main}, which lists them all, depends on them and not the other way.
 */
public interface Command {
  String name();

  /** The command's line in {@code mathbeam --help}. */
  String summary();

  /**
   * Runs the command on the arguments after its name, {@code --help} included; returns the
   * process's exit code.
   */
  int run(String[] args, PrintStream out, PrintStream err) throws Exception;
}
