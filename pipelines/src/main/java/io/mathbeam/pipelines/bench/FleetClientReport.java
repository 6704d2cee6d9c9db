package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a {@link FleetClientProcess} measured, with the launch and exit times its parent saw: its
 * CPU time from main (the JVM's own start left out) and, against the fleet's first request and last
 * response, where its wall time went.
 */
record FleetClientReport(
    long launchMs,
    long exitMs,
    long mainMs,
    long endMs,
    long cpuAtMainNs,
    long cpuAtEndNs,
    List<JsonNode> ticks) {
  private static final ObjectMapper JSON = new ObjectMapper();

  static FleetClientReport read(Path file, long launchMs, long exitMs) throws IOException {
    JsonNode report = JSON.readTree(file.toFile());
    List<JsonNode> ticks = new ArrayList<>();
    report.path("ticks").forEach(ticks::add);
    return new FleetClientReport(
        launchMs,
        exitMs,
        report.path("main_ms").asLong(),
        report.path("end_ms").asLong(),
        report.path("cpu_at_main_ns").asLong(),
        report.path("cpu_at_end_ns").asLong(),
        ticks);
  }

  /** User plus system CPU seconds from main to its return. */
  double cpuSeconds() {
    return (cpuAtEndNs - cpuAtMainNs) / 1e9;
  }

  double wallSeconds() {
    return (exitMs - launchMs) / 1000.0;
  }

  /** Process CPU seconds between two wall times, from the ticks around them. */
  double cpuBetween(long fromMs, long toMs) {
    return (cpuAt(toMs) - cpuAt(fromMs)) / 1e9;
  }

  private long cpuAt(long ms) {
    if (ms >= endMs) {
      return cpuAtEndNs;
    }
    long cpu = cpuAtMainNs;
    for (JsonNode tick : ticks) {
      if (tick.path("ms").asLong() > ms) {
        break;
      }
      cpu = tick.path("cpu_ns").asLong();
    }
    return cpu;
  }

  /**
   * The wall time from launch to exit cut at main, the fleet's first request and last response, and
   * main's return; then, for the time before the first request and after the last response, what
   * the main thread and the busy threads were doing (top entries, seconds of samples).
   */
  String timeline(long firstRequestMs, long lastResponseMs) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "  wall from launch to exit %.1f s: JVM start to main %.1f s, main to first request"
                + " %.1f s (cpu %.1f s), fleet busy %.1f s, last response to main's return %.1f s"
                + " (cpu %.1f s), return to exit %.1f s%n",
            wallSeconds(),
            (mainMs - launchMs) / 1000.0,
            (firstRequestMs - mainMs) / 1000.0,
            cpuBetween(mainMs, firstRequestMs),
            (lastResponseMs - firstRequestMs) / 1000.0,
            (endMs - lastResponseMs) / 1000.0,
            cpuBetween(lastResponseMs, endMs),
            (exitMs - endMs) / 1000.0));
    out.append(where("before the first request", mainMs, firstRequestMs));
    out.append(where("after the last response", lastResponseMs, endMs));
    return out.toString().stripTrailing();
  }

  private String where(String window, long fromMs, long toMs) {
    Map<String, Long> phase = new LinkedHashMap<>();
    Map<String, Long> main = new LinkedHashMap<>();
    Map<String, Long> busy = new LinkedHashMap<>();
    for (int i = 0; i < ticks.size(); i++) {
      JsonNode tick = ticks.get(i);
      long ms = tick.path("ms").asLong();
      if (ms < fromMs || ms >= toMs) {
        continue;
      }
      // a tick stands for the time until the next one: a loaded machine samples less often
      long next = i + 1 < ticks.size() ? ticks.get(i + 1).path("ms").asLong() : endMs;
      long weight = Math.min(next, toMs) - ms;
      phase.merge(tick.path("phase").asText(), weight, Long::sum);
      main.merge(tick.path("main").asText(), weight, Long::sum);
      Iterator<Map.Entry<String, JsonNode>> threads = tick.path("busy").fields();
      while (threads.hasNext()) {
        Map.Entry<String, JsonNode> e = threads.next();
        busy.merge(e.getKey(), weight * e.getValue().asInt(), Long::sum);
      }
    }
    return String.format(
        Locale.ROOT,
        "  %s, main thread by step: %s%n  %s, main thread in: %s%n"
            + "  %s, busy threads in (thread-seconds): %s%n",
        window,
        top(phase),
        window,
        top(main),
        window,
        top(busy));
  }

  /** The five largest entries as {@code name seconds}. */
  private static String top(Map<String, Long> millis) {
    if (millis.isEmpty()) {
      return "(no samples)";
    }
    return millis.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(5)
        .map(e -> String.format(Locale.ROOT, "%s %.1f s", e.getKey(), e.getValue() / 1000.0))
        .collect(Collectors.joining("; "));
  }
}
