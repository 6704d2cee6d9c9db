package io.mathbeam.core.sandbox;

import java.util.Map;

/** Linux's names of the signals a program can die of, for the text that says how it ended. */
final class SignalNames {
  private static final Map<Integer, String> NAMES =
      Map.ofEntries(
          Map.entry(1, "SIGHUP"),
          Map.entry(2, "SIGINT"),
          Map.entry(3, "SIGQUIT"),
          Map.entry(4, "SIGILL"),
          Map.entry(5, "SIGTRAP"),
          Map.entry(6, "SIGABRT"),
          Map.entry(7, "SIGBUS"),
          Map.entry(8, "SIGFPE"),
          Map.entry(9, "SIGKILL"),
          Map.entry(10, "SIGUSR1"),
          Map.entry(11, "SIGSEGV"),
          Map.entry(12, "SIGUSR2"),
          Map.entry(13, "SIGPIPE"),
          Map.entry(14, "SIGALRM"),
          Map.entry(15, "SIGTERM"),
          Map.entry(24, "SIGXCPU"),
          Map.entry(25, "SIGXFSZ"),
          Map.entry(31, "SIGSYS"));

  private SignalNames() {}

  /** "SIGKILL (signal 9)", or "signal 40" for one without a name here. */
  static String of(int signal) {
    String name = NAMES.get(signal);
    return name == null ? "signal " + signal : name + " (signal " + signal + ")";
  }
}
