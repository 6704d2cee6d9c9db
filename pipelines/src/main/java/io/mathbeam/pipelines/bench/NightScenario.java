package io.mathbeam.pipelines.bench;

/**
 * One kind of simulated night: K samples per problem in both runs, and the candidate's solve rates
 * on one mix scaled down so that the mix's population pass@1 drops by {@code drop} (none in A/A).
 *
 * @param droppedMix the mix whose rates drop, or null for none
 * @param drop the population drop in pass@1, a fraction (0.02 for 2 points)
 */
record NightScenario(String name, int samples, String droppedMix, double drop) {

  static NightScenario unchanged(String name, int samples) {
    return new NightScenario(name, samples, null, 0);
  }

  /** How tables and seeds name it, e.g. "drop-math500-2pt K=8". */
  String label() {
    return name + " K=" + samples;
  }

  /** The candidate's rate factor on {@code mix}: 1 - D / (its population pass@1), or 1. */
  double rateFactor(SolveRateMix mix) {
    return mix.name().equals(droppedMix) ? 1 - drop / mix.truePassAtK(1) : 1;
  }

  /** The population delta of {@code mix}'s pass@1: -D for the dropped mix, 0 for the others. */
  double trueDelta(SolveRateMix mix) {
    return mix.name().equals(droppedMix) ? -drop : 0;
  }
}
