package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.transforms.RoundLookahead;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rounds of {@code eval --precision} without an idle fleet between them (where generation runs
 * in the driver's JVM, {@link RoundLookahead}): once a round has sent all its samples and most of
 * them are answered ({@link #HEARD_BEFORE_PROJECTING}), the next round's K is projected from the
 * grades heard so far (the earlier rounds' counts plus this round's finished samples, through the
 * same {@link PrecisionStopping}) and the next round's samples are sent ahead into the room the
 * tail leaves. After the round's own decision the samples sent ahead are trimmed to the K decided
 * (those not sent yet are dropped) or topped up to it, so the next round's pipeline finds them in
 * flight or answered while it starts. Samples sent ahead that no round asks for (the projection
 * said more than the decision) are counted in metrics.json's {@code lookahead}.
 */
final class RoundOverlap implements AutoCloseable {
  /**
   * The share of a round's samples answered before the next round's K is projected from them: a
   * projection from a round's first answers is noisy (on AIME's 30 problems it overshot by a sample
   * per problem), and the room the tail leaves comes only after most of them anyway.
   */
  static final double HEARD_BEFORE_PROJECTING = 0.75;

  private final RoundLookahead lookahead;
  private final double target;
  private final Map<String, Integer> ceilings;

  /** Per dataset and problem id, [samples, correct] after the previous round. */
  private Map<String, Map<String, int[]>> before = Map.of();

  /** Per dataset, the samples per problem of the previous round (0 before the first). */
  private Map<String, Integer> previous = Map.of();

  /** Per dataset, the samples per problem of the round that runs. */
  private Map<String, Integer> current = Map.of();

  /** Samples sent ahead up to the previous round's decision. */
  private long sentBefore;

  /** Per dataset, the K sent ahead to in the round that runs. */
  private final Map<String, Integer> aimed = new HashMap<>();

  /** The phases of {@code --allocation=adaptive}; null for uniform rounds. */
  private final AdaptivePhases phases;

  private RoundOverlap(
      RoundLookahead lookahead,
      double target,
      Map<String, Integer> ceilings,
      AdaptivePhases phases) {
    this.lookahead = lookahead;
    this.target = target;
    this.ceilings = ceilings;
    this.phases = phases;
  }

  /**
   * The overlap of {@code run}'s rounds, or null where its generation is not in this JVM; {@code
   * phases} those of {@code --allocation=adaptive}, null for uniform rounds.
   */
  static RoundOverlap open(
      PreparedRun run, double target, Map<String, Integer> ceilings, AdaptivePhases phases) {
    EvalConfig c = run.config();
    RoundLookahead lookahead =
        RoundLookahead.open(c.generation(), c.baseSeed(), c.shuffleChoices());
    return lookahead == null ? null : new RoundOverlap(lookahead, target, ceilings, phases);
  }

  /** A round with {@code perProblem} samples per problem of each dataset is about to start. */
  synchronized void roundStarts(Map<String, Integer> perProblem) {
    current = new HashMap<>(perProblem);
    aimed.clear();
    lookahead.roundStarts();
  }

  /** While the round runs: sends the next round's projected samples ahead once its own are sent. */
  synchronized void poll() {
    if (!lookahead.roundSent()) {
      return;
    }
    Map<String, Map<String, int[]>> heard = new HashMap<>();
    long answered = 0;
    for (Map.Entry<String, Integer> e : current.entrySet()) {
      Map<String, int[]> outcomes =
          lookahead.outcomes(e.getKey(), previous.getOrDefault(e.getKey(), 0), e.getValue());
      heard.put(e.getKey(), outcomes);
      for (int[] c : outcomes.values()) {
        answered += c[0];
      }
    }
    if (answered < HEARD_BEFORE_PROJECTING * lookahead.roundSubmitted()) {
      return;
    }
    for (Map.Entry<String, Integer> e : current.entrySet()) {
      String dataset = e.getKey();
      int k = e.getValue();
      int next = projected(dataset, k, heard.get(dataset));
      int sent = aimed.getOrDefault(dataset, k);
      if (next > sent) {
        lookahead.aim(dataset, k, next);
      } else if (next < sent) {
        lookahead.withdraw(dataset, next);
      }
      aimed.put(dataset, next);
    }
  }

  /**
   * The K the grades heard so far call for after this round: its own K when they reach the target
   * (or the ceiling).
   */
  private int projected(String dataset, int k, Map<String, int[]> heard) {
    Map<String, int[]> counts = new TreeMap<>(before.getOrDefault(dataset, Map.of()));
    heard.forEach(
        (problem, round) ->
            counts.merge(problem, round, (a, b) -> new int[] {a[0] + b[0], a[1] + b[1]}));
    counts.values().removeIf(c -> c[0] == 0);
    if (counts.isEmpty()) {
      return k;
    }
    int[] samples = new int[counts.size()];
    int[] correct = new int[counts.size()];
    int i = 0;
    for (int[] c : counts.values()) {
      samples[i] = c[0];
      correct[i++] = c[1];
    }
    int ceiling = ceilings.getOrDefault(dataset, k);
    PrecisionStopping.Decision d = new PrecisionStopping(target, ceiling).decide(samples, correct);
    if (phases != null) {
      return phases.ahead(dataset, k, d, ceiling, samples, correct);
    }
    return d.status() == PrecisionStopping.Status.MORE ? d.nextSamplesPerProblem() : k;
  }

  /**
   * The round's decisions are in ({@code counts} the problems' samples and correct answers): the
   * samples sent ahead are trimmed or topped up to each dataset's next K.
   */
  synchronized void decided(
      Map<String, Map<String, int[]>> counts,
      Map<String, PrecisionStopping.Decision> decisions,
      Map<String, Map<String, Integer>> problemSamples) {
    before = counts;
    previous = current;
    for (Map.Entry<String, PrecisionStopping.Decision> e : decisions.entrySet()) {
      String dataset = e.getKey();
      PrecisionStopping.Decision d = e.getValue();
      Map<String, Integer> perProblem = problemSamples.getOrDefault(dataset, Map.of());
      if (!perProblem.isEmpty()) {
        // a planned phase: every problem's next samples from what it has (at least one more, so
        // none of those sent ahead is dropped)
        Map<String, Integer> from = new HashMap<>();
        counts.getOrDefault(dataset, Map.of()).forEach((problem, c) -> from.put(problem, c[0]));
        lookahead.aim(dataset, from, perProblem);
      } else if (d.status() == PrecisionStopping.Status.MORE) {
        lookahead.withdraw(dataset, d.nextSamplesPerProblem());
        lookahead.aim(dataset, current.getOrDefault(dataset, 0), d.nextSamplesPerProblem());
      } else {
        lookahead.withdraw(dataset, 0);
      }
    }
  }

  /** The samples sent ahead since the previous call (while the round ran, and after its end). */
  long sentAheadSinceLastRound() {
    long sent = lookahead.sent();
    long since = sent - sentBefore;
    sentBefore = sent;
    return since;
  }

  /**
   * Adds {@code lookahead} to metrics.json: the samples sent ahead, and per dataset those that were
   * answered but no round asked for ({@code counts} each problem's samples and correct answers in
   * the last round), with their completion tokens.
   */
  void annotate(ObjectNode root, Map<String, Map<String, int[]>> counts) {
    ObjectNode node = root.putObject("lookahead");
    node.put("samples_sent", lookahead.sent());
    ObjectNode unused = node.putObject("unused");
    long samples = 0;
    long tokens = 0;
    for (Map.Entry<String, Map<String, int[]>> e : new TreeMap<>(counts).entrySet()) {
      Map<String, Integer> used = new HashMap<>();
      e.getValue().forEach((problem, c) -> used.put(problem, c[0]));
      long[] u = lookahead.unused(e.getKey(), used);
      unused.putObject(e.getKey()).put("samples", u[0]).put("completion_tokens", u[1]);
      samples += u[0];
      tokens += u[1];
    }
    node.put("unused_samples", samples);
    node.put("unused_completion_tokens", tokens);
  }

  @Override
  public void close() throws IOException {
    lookahead.close();
  }
}
