package io.mathbeam.pipelines;

import io.mathbeam.core.sim.SimServerMain;
import io.mathbeam.pipelines.cli.Command;
import java.io.PrintStream;

/** {@code mathbeam serve-sim}: the Beam-free core's {@link SimServerMain} as a {@link Command}. */
final class SimServerCommand implements Command {
  @Override
  public String name() {
    return "serve-sim";
  }

  @Override
  public String summary() {
    return "run the simulated OpenAI-compatible fleet as its own process";
  }

  /** {@link SimServerMain} prints to the process's streams and handles its own {@code --help}. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    SimServerMain.main(args);
    return 0;
  }
}
