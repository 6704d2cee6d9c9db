package io.mathbeam.pipelines;

import io.mathbeam.core.sim.InFlightPeak;
import io.mathbeam.core.sim.LatencyModel;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How busy a run kept a simulated fleet, from the fleet's request log.
 *
 * <p>The ideal makespan is the work the run asked for divided by the fleet's capacity, computed
 * sequence by sequence from the step-time model of spec §8.2 rather than from mean lengths (§8.4):
 * a token generated at context length {@code L} in a batch of {@code B_cap} sequences costs {@code
 * t0 / B_cap + c_seq + L * c_kv}. With long-tailed output lengths the mean-length formula
 * undercounts the KV-read term of long sequences, which would make any scheduler look worse than it
 * is. {@code B_cap} is the spec's running-batch capacity, {@code min(max_num_seqs, kv_capacity /
 * mean context)}.
 *
 * @param sequences generated sequences (choices; an {@code n > 1} request counts n)
 * @param occupancy time-weighted mean of sequences in flight per replica over the makespan, as a
 *     fraction of the cap
 * @param sendingOccupancy the same, from the first request until the last one was sent
 */
record FleetFigures(
    long sequences,
    double makespanSeconds,
    double idealSeconds,
    double drainSeconds,
    double occupancy,
    double sendingOccupancy,
    List<Integer> peaks) {

  static FleetFigures of(List<RequestLogEntry> requestLog, SimConfig config, int cap) {
    List<RequestLogEntry> log = new ArrayList<>();
    for (RequestLogEntry e : requestLog) {
      if (e.status() == 200 && e.endpoint().contains("completions")) {
        log.add(e);
      }
    }
    long first = log.stream().mapToLong(RequestLogEntry::arrivalMs).min().orElse(0);
    long last = log.stream().mapToLong(RequestLogEntry::finishMs).max().orElse(0);
    long lastArrival = log.stream().mapToLong(RequestLogEntry::arrivalMs).max().orElse(0);
    LatencyModel m = config.latency();
    long sequences = 0;
    double meanContextSum = 0;
    for (RequestLogEntry e : log) {
      int n = choices(e);
      sequences += n;
      meanContextSum += n * (promptTokens(e) + completionTokens(e) / (2.0 * n));
    }
    double meanContext = sequences == 0 ? 1 : meanContextSum / sequences;
    long batchCapacity =
        Math.max(
            1,
            Math.min(config.maxNumSeqs(), (long) Math.floor(m.kvCapacityTokens() / meanContext)));
    double workMs = 0;
    for (RequestLogEntry e : log) {
      int n = choices(e);
      double prompt = promptTokens(e);
      // an n > 1 request prefills its prompt once (prefix cache); usage sums the choices' tokens
      workMs += prompt * m.cPfMs();
      double perChoice = completionTokens(e) / (double) n;
      double contextSum = perChoice * prompt + perChoice * (perChoice - 1) / 2;
      workMs += n * (perChoice * (m.t0Ms() / batchCapacity + m.cSeqMs()) + contextSum * m.cKvMs());
    }
    int replicas = config.replicas();
    double idealSeconds = workMs / 1000.0 / replicas / config.timeScale();
    double makespan = (last - first) / 1000.0;
    List<Integer> peaks = new ArrayList<>();
    double busy = 0;
    double busyWhileSending = 0;
    for (int r = 0; r < replicas; r++) {
      peaks.add(InFlightPeak.of(log, r));
    }
    for (RequestLogEntry e : log) {
      busy += choices(e) * (e.finishMs() - e.arrivalMs()) / 1000.0;
      busyWhileSending +=
          choices(e) * (Math.min(e.finishMs(), lastArrival) - e.arrivalMs()) / 1000.0;
    }
    double sending = (lastArrival - first) / 1000.0;
    return new FleetFigures(
        sequences,
        makespan,
        idealSeconds,
        (last - lastArrival) / 1000.0,
        makespan > 0 ? busy / makespan / replicas / cap : 0,
        sending > 0 ? busyWhileSending / sending / replicas / cap : 0,
        peaks);
  }

  private static int choices(RequestLogEntry e) {
    return e.n() == null ? 1 : Math.max(1, e.n());
  }

  private static double promptTokens(RequestLogEntry e) {
    return e.promptTokens() == null ? 0 : e.promptTokens();
  }

  private static double completionTokens(RequestLogEntry e) {
    return e.completionTokens() == null ? 0 : e.completionTokens();
  }

  double utilisation() {
    return makespanSeconds > 0 ? idealSeconds / makespanSeconds : 0;
  }

  String format(String name, int cap) {
    return String.format(
        Locale.ROOT,
        "%s%n  sequences %d, makespan %.1f s, ideal %.1f s, utilisation %.2f%n"
            + "  mean sequences in flight: %.2f of the cap (%.2f while requests were being sent)%n"
            + "  drain after the last request was sent: %.1f s (%.0f%% of the makespan)%n"
            + "  peak sequences in flight per replica %s (cap %d)",
        name,
        sequences,
        makespanSeconds,
        idealSeconds,
        utilisation(),
        occupancy,
        sendingOccupancy,
        drainSeconds,
        makespanSeconds > 0 ? 100 * drainSeconds / makespanSeconds : 0,
        peaks,
        cap);
  }
}
