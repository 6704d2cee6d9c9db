package io.mathbeam.pipelines.synthetic;

import io.mathbeam.pipelines.options.KnownOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code --name=value} options of the harness's tools ({@code bench.RegradeBenchmark}, {@code
 * bench.RegradeFloor}, {@link SyntheticRun}): parsed once, unknown names refused, numbers checked
 * with a message that names the option.
 */
public final class HarnessArgs {
  private final String command;
  private final Map<String, String> values;

  private HarnessArgs(String command, Map<String, String> values) {
    this.command = command;
    this.values = values;
  }

  /**
   * @param command the command's name, for messages
   * @param known the option names it accepts, without {@code --}
   * @throws IllegalArgumentException for an argument that is not {@code --name=value} or a name not
   *     in {@code known}
   */
  public static HarnessArgs parse(String command, String[] args, Set<String> known) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException(
            command + ": expected --name=value, got '" + arg + "'; options: " + known);
      }
      String name = arg.substring(2, eq);
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            command
                + ": "
                + KnownOptions.unknown(
                    "--" + name, known.stream().map(k -> "--" + k).sorted().toList())
                + "; options: "
                + known);
      }
      values.put(name, arg.substring(eq + 1));
    }
    return new HarnessArgs(command, values);
  }

  public String text(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  /** A required option's value. */
  public String required(String name) {
    String value = values.get(name);
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(command + ": --" + name + " is required");
    }
    return value;
  }

  public long number(String name, long fallback, long min) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    long parsed;
    try {
      parsed = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          command + ": --" + name + " must be a whole number, got '" + value + "'", e);
    }
    if (parsed < min) {
      throw new IllegalArgumentException(
          command + ": --" + name + " must be at least " + min + ", got " + parsed);
    }
    return parsed;
  }

  /** A {@code true} or {@code false} option's value (any case). */
  public boolean bool(String name, boolean fallback) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    String v = value.trim();
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(
        command + ": --" + name + " must be true or false, got '" + value + "'");
  }

  public int integer(String name, int fallback, int min) {
    long parsed = number(name, fallback, min);
    if (parsed > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          command + ": --" + name + " must be at most " + Integer.MAX_VALUE + ", got " + parsed);
    }
    return (int) parsed;
  }
}
