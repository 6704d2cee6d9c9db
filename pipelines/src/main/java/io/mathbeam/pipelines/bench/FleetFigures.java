package io.mathbeam.pipelines.bench;

import io.mathbeam.core.sim.InFlightPeak;
import io.mathbeam.core.sim.LatencyModel;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How busy a run kept a simulated fleet, from the fleet's request log, against an ideal makespan
 * that no scheduler can beat (docs/runners.md, "What the fleet benchmark measures").
 *
 * <p>The ideal is the larger of two lower bounds under the step-time model of spec §8.2, {@code
 * t_step = F_r * (t0 + B*c_seq + C*c_kv + Q*c_pf)} on replica r with speed factor {@code F_r}:
 *
 * <ul>
 *   <li><b>work / capacity.</b> A step's time is the sum over its B decoding sequences of {@code
 *       t0/B + c_seq + L*c_kv} (L the sequence's context), plus {@code c_pf} per prefill token.
 *       With {@code B <= max_num_seqs}, every decode token costs at least {@code w =
 *       t0/max_num_seqs + c_seq + L*c_kv} at speed 1, and every distinct prompt is prefilled at
 *       least once (a scheduler could send a problem's samples as one n-request). So a replica
 *       given work W_r is busy at least {@code F_r * W_r}, and whatever the split of the total W,
 *       the makespan is at least {@code W / sum_r(1/F_r)}. The KV limit is left out, which only
 *       lowers the bound.
 *   <li><b>the longest sample's own time.</b> One step emits at most one token per sequence, and a
 *       step with the sequence alone is the shortest ({@code t0 + c_seq + L*c_kv}); so a sequence
 *       of P prompt and O output tokens takes at least {@code F_min * (t0 + sum_{k=1..O-1}(t0 +
 *       c_seq + (P+k)*c_kv))} on the fastest replica, its first token coming from a prefill step.
 * </ul>
 *
 * Per-step jitter (±5 %, mean 1) averages out over the thousands of steps of a run and is left out.
 * An n-request's choices are priced at their mean length, which by convexity lowers both bounds.
 *
 * @param firstRequestMs arrival of the first answered request, epoch ms
 * @param lastResponseMs finish of the last answered request, epoch ms
 * @param generatedTokens completion tokens of the answered requests
 * @param workSeconds the work bound, wall seconds
 * @param longestSeconds the longest-sample bound, wall seconds
 * @param occupancy time-weighted mean of sequences in flight per replica over the makespan, as a
 *     fraction of the cap
 * @param sendingOccupancy the same, from the first request until the last one was sent
 * @param tailIdleSeconds per replica: from its last response to the run's last response
 * @param speedFactors per replica, the simulator's step-time multiplier
 * @param sequences samples answered: distinct (prompt, seed) keys, the first answer of each
 * @param duplicates answers to samples already answered (a tail copy's loser the simulator did not
 *     abort), left out of every other figure
 */
record FleetFigures(
    long firstRequestMs,
    long lastResponseMs,
    long sequences,
    long generatedTokens,
    double makespanSeconds,
    double workSeconds,
    double longestSeconds,
    double drainSeconds,
    double occupancy,
    double sendingOccupancy,
    List<Integer> peaks,
    List<Double> tailIdleSeconds,
    List<Double> speedFactors,
    long duplicates) {

  static FleetFigures of(List<RequestLogEntry> requestLog, SimConfig config, int cap) {
    List<RequestLogEntry> answered = answered(requestLog);
    List<RequestLogEntry> log = firstAnswers(requestLog);
    long duplicates =
        answered.stream().mapToLong(FleetFigures::choices).sum()
            - log.stream().mapToLong(FleetFigures::choices).sum();
    long first = log.stream().mapToLong(RequestLogEntry::arrivalMs).min().orElse(0);
    long last = log.stream().mapToLong(RequestLogEntry::finishMs).max().orElse(0);
    long lastArrival = log.stream().mapToLong(RequestLogEntry::arrivalMs).max().orElse(0);
    int replicas = config.replicas();
    double capacity = 0;
    double fastest = Double.MAX_VALUE;
    List<Double> speeds = new ArrayList<>();
    for (int r = 0; r < replicas; r++) {
      double f = config.speedFactor(r);
      speeds.add(f);
      capacity += 1 / f;
      fastest = Math.min(fastest, f);
    }
    LatencyModel m = config.latency();
    long sequences = 0;
    long tokens = 0;
    double workMs = 0;
    double longestMs = 0;
    Set<String> prefilled = new HashSet<>();
    for (RequestLogEntry e : log) {
      int n = choices(e);
      int prompt = e.promptTokens() == null ? 0 : e.promptTokens();
      long completion = e.completionTokens() == null ? 0 : e.completionTokens();
      sequences += n;
      tokens += completion;
      if (prefilled.add(e.promptHash() + "/" + prompt)) {
        workMs += prompt * m.cPfMs();
      }
      double perChoice = completion / (double) n;
      workMs += n * decodeMs(m, prompt, perChoice, m.t0Ms() / config.maxNumSeqs());
      longestMs = Math.max(longestMs, ownMs(m, prompt, perChoice));
    }
    double k = config.timeScale();
    double makespan = (last - first) / 1000.0;
    List<Integer> peaks = new ArrayList<>();
    List<Double> idle = new ArrayList<>();
    for (int r = 0; r < replicas; r++) {
      // every answered request held its slot until it ended, a late duplicate's included
      peaks.add(InFlightPeak.of(answered, r));
      final int replica = r;
      long replicaLast =
          log.stream()
              .filter(e -> e.replica() == replica)
              .mapToLong(RequestLogEntry::finishMs)
              .max()
              .orElse(first);
      idle.add((last - replicaLast) / 1000.0);
    }
    double busy = 0;
    double busyWhileSending = 0;
    for (RequestLogEntry e : log) {
      busy += choices(e) * (e.finishMs() - e.arrivalMs()) / 1000.0;
      busyWhileSending +=
          choices(e) * (Math.min(e.finishMs(), lastArrival) - e.arrivalMs()) / 1000.0;
    }
    double sending = (lastArrival - first) / 1000.0;
    return new FleetFigures(
        first,
        last,
        sequences,
        tokens,
        makespan,
        workMs / capacity / 1000.0 / k,
        fastest * longestMs / 1000.0 / k,
        (last - lastArrival) / 1000.0,
        makespan > 0 ? busy / makespan / replicas / cap : 0,
        sending > 0 ? busyWhileSending / sending / replicas / cap : 0,
        peaks,
        idle,
        speeds,
        duplicates);
  }

  /** The requests the fleet answered: status 200, no injected fault, a completions endpoint. */
  private static List<RequestLogEntry> answered(List<RequestLogEntry> requestLog) {
    List<RequestLogEntry> answered = new ArrayList<>();
    for (RequestLogEntry e : requestLog) {
      if (e.status() == 200 && e.fault() == null && e.endpoint().contains("completions")) {
        answered.add(e);
      }
    }
    return answered;
  }

  /**
   * The answered requests that answered a sample first. A sample answered twice (a tail copy and
   * its original, which the simulator does not abort when the client cancels a non-streaming
   * request) counts at its first answer: the client moved on then. The later answer is a duplicate,
   * left out of every figure but the count of duplicates.
   */
  static List<RequestLogEntry> firstAnswers(List<RequestLogEntry> requestLog) {
    List<RequestLogEntry> answered = answered(requestLog);
    Map<String, RequestLogEntry> firstAnswer = new HashMap<>();
    for (RequestLogEntry e : answered) {
      for (String key : sampleKeys(e)) {
        firstAnswer.merge(key, e, (a, b) -> b.finishMs() < a.finishMs() ? b : a);
      }
    }
    Set<RequestLogEntry> firsts = Collections.newSetFromMap(new IdentityHashMap<>());
    firsts.addAll(firstAnswer.values());
    List<RequestLogEntry> log = new ArrayList<>();
    for (RequestLogEntry e : answered) {
      if (firsts.contains(e)) {
        log.add(e);
      }
    }
    return log;
  }

  /**
   * Decode time at speed 1 of a sequence's tokens after its first (which the prefill step emits),
   * each at {@code perToken + c_seq + context * c_kv}, its context being P+1 .. P+O-1.
   */
  static double decodeMs(LatencyModel m, double prompt, double output, double perToken) {
    double steps = Math.max(0, output - 1);
    double contextSum = steps * prompt + steps * (steps + 1) / 2;
    return steps * (perToken + m.cSeqMs()) + contextSum * m.cKvMs();
  }

  /**
   * A sequence's own time at speed 1 with the batch to itself: its lower bound (see above). The
   * prefill is counted as one bare step, since a prefix-cached sibling prefills a single token.
   */
  static double ownMs(LatencyModel m, double prompt, double output) {
    return m.t0Ms() + decodeMs(m, prompt, output, m.t0Ms());
  }

  /** The (prompt, seed) keys of a request's choices. */
  private static List<String> sampleKeys(RequestLogEntry e) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < choices(e); i++) {
      keys.add(e.promptHash() + "/" + (e.seed() == null ? "-" + e.requestId() : e.seed() + i));
    }
    return keys;
  }

  private static int choices(RequestLogEntry e) {
    return e.n() == null ? 1 : Math.max(1, e.n());
  }

  /** The makespan no scheduler can beat: the larger of the two bounds. */
  double idealSeconds() {
    return Math.max(workSeconds, longestSeconds);
  }

  double utilisation() {
    return makespanSeconds > 0 ? idealSeconds() / makespanSeconds : 0;
  }

  double idleReplicaSeconds() {
    return tailIdleSeconds.stream().mapToDouble(Double::doubleValue).sum();
  }

  /**
   * The fastest replicas' idle time in the tail as a share of the makespan, averaged over them
   * ({@code max} false) or the largest of them.
   */
  double fastIdleShare(boolean max) {
    double fastest = speedFactors.stream().mapToDouble(Double::doubleValue).min().orElse(1);
    double sum = 0;
    double most = 0;
    int count = 0;
    for (int r = 0; r < tailIdleSeconds.size(); r++) {
      if (speedFactors.get(r) == fastest) {
        sum += tailIdleSeconds.get(r);
        most = Math.max(most, tailIdleSeconds.get(r));
        count++;
      }
    }
    if (makespanSeconds <= 0 || count == 0) {
      return 0;
    }
    return (max ? most : sum / count) / makespanSeconds;
  }

  /** Distinct samples answered: (prompt, seed) keys, each counted once. */
  long distinctSamples() {
    return sequences;
  }

  int peak() {
    return peaks.stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  String format(String name, int cap) {
    return String.format(
        Locale.ROOT,
        "%s%n  sequences %d, generated tokens %d, makespan %.1f s, ideal %.1f s"
            + " (work/capacity %.1f s, longest sample %.1f s), utilisation %.2f%n"
            + "  mean sequences in flight: %.2f of the cap (%.2f while requests were being sent)%n"
            + "  drain after the last request was sent: %.1f s (%.0f%% of the makespan)%n"
            + "  idle in the tail: %.1f replica-seconds %s; fastest replicas idle %.1f%% of the"
            + " makespan (mean; %.1f%% the most)%n"
            + "  peak sequences in flight per replica %s (cap %d)",
        name,
        sequences,
        generatedTokens,
        makespanSeconds,
        idealSeconds(),
        workSeconds,
        longestSeconds,
        utilisation(),
        occupancy,
        sendingOccupancy,
        drainSeconds,
        makespanSeconds > 0 ? 100 * drainSeconds / makespanSeconds : 0,
        idleReplicaSeconds(),
        tailIdleSeconds.stream().map(s -> String.format(Locale.ROOT, "%.1f", s)).toList(),
        100 * fastIdleShare(false),
        100 * fastIdleShare(true),
        peaks,
        cap);
  }
}
