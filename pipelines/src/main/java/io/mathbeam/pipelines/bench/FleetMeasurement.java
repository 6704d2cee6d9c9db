package io.mathbeam.pipelines.bench;

import java.util.Locale;

/**
 * One client run against a fresh fleet, in its own JVM: the fleet's figures and the client's own.
 *
 * @param outputSamples samples eval's output holds (its samples_generated counter); -1 for peers
 * @param copies eval's tail copies
 */
record FleetMeasurement(
    FleetFigures figures, FleetClientReport client, long outputSamples, long copies) {
  FleetMeasurement(FleetFigures figures, FleetClientReport client) {
    this(figures, client, -1, 0);
  }

  FleetMeasurement withOutput(long samples, long copies) {
    return new FleetMeasurement(figures, client, samples, copies);
  }

  double cpuPerMillionTokens() {
    long tokens = figures.generatedTokens();
    return tokens > 0 ? client.cpuSeconds() / (tokens / 1e6) : 0;
  }

  String format(String name, int cap) {
    return figures.format(name, cap)
        + String.format(
            Locale.ROOT,
            "%n  client CPU %.1f s from main (JVM start left out): %.2f s per million generated"
                + " tokens; wall from launch %.1f s",
            client.cpuSeconds(),
            cpuPerMillionTokens(),
            client.wallSeconds());
  }
}
