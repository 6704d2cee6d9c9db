package io.mathbeam.core.sim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The theoretical capacity of one engine for a workload (spec §8.4): running-batch capacity, step
 * time at capacity and the resulting throughput limits, in simulated time and on the dilated wall
 * clock.
 */
record CapacityModel(
    double promptTokens,
    double outputTokens,
    int n,
    long batchCapacity,
    double stepMsAtCapacity,
    double secondsPerSequence,
    double sequencesPerSecond,
    double outputTokensPerSecond,
    double timeScale) {

  static CapacityModel of(LatencyModel m, int maxNumSeqs, double p, double o, int n, double k) {
    double meanContext = p + o / 2;
    long bCap =
        Math.max(1, Math.min(maxNumSeqs, (long) Math.floor(m.kvCapacityTokens() / meanContext)));
    double tStar = m.t0Ms() + bCap * (m.cSeqMs() + meanContext * m.cKvMs());
    double promptPerSeq = p / Math.max(1, n);
    double tauMs = promptPerSeq * m.cPfMs() + o * tStar / bCap;
    double mu = 1000.0 / tauMs;
    return new CapacityModel(p, o, n, bCap, tStar, tauMs / 1000.0, mu, o * mu, k);
  }

  Map<String, Object> asMap(int replicas) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("prompt_tokens", promptTokens);
    out.put("output_tokens", outputTokens);
    out.put("n", n);
    out.put("time_scale", timeScale);
    out.put("batch_capacity", batchCapacity);
    out.put("step_ms_at_capacity", stepMsAtCapacity);
    out.put("per_sequence_tokens_per_s", 1000.0 / stepMsAtCapacity);
    out.put("max_sequences_per_s", sequencesPerSecond);
    out.put("max_output_tokens_per_s", outputTokensPerSecond);
    out.put("wall_step_ms_at_capacity", stepMsAtCapacity / timeScale);
    out.put("wall_max_sequences_per_s", sequencesPerSecond * timeScale);
    out.put("wall_max_output_tokens_per_s", outputTokensPerSecond * timeScale);
    out.put("replicas", replicas);
    out.put("fleet_wall_max_sequences_per_s", sequencesPerSecond * timeScale * replicas);
    out.put("fleet_wall_max_output_tokens_per_s", outputTokensPerSecond * timeScale * replicas);
    return out;
  }
}
