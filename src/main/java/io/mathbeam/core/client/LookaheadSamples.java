package io.mathbeam.core.client;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The samples a {@link GenerationDispatcher} sends ahead of the consumer that will ask for them
 * (the next round of {@code eval --precision}, while this round's last samples finish), and who
 * took each over. A looked-ahead sample is queued (sent only when no consumer's sample waits), in
 * flight, or answered; a consumer that submits the same sample claims it in any of these states
 * instead of sending it again. Guarded by the dispatcher.
 *
 * @param <B> the dispatcher's consumer type
 */
final class LookaheadSamples<B> {
  /** A sample's identity: the same request in any round and from any consumer. */
  record Key(String datasetId, String problemId, int index, long seed, String problem) {
    static Key of(SampleRequest r) {
      return new Key(r.datasetId(), r.problemId(), r.sampleIndex(), r.seed(), r.problem());
    }
  }

  /** The consumer that took over a looked-ahead sample in flight, and its request. */
  record Adopter<B>(B batch, SampleRequest request) {}

  /** What a consumer's submitted sample found among the looked-ahead ones. */
  enum State {
    /** Not looked ahead (or withdrawn, or failed): the consumer sends it. */
    NONE,
    /** Queued and never sent: it joins the consumer's samples and goes in their order. */
    QUEUED,
    /** In flight: its answer goes to the consumer. */
    IN_FLIGHT,
    /** Answered already: {@link Claim#answer()} is the consumer's at once. */
    ANSWERED
  }

  record Claim(State state, Generation answer) {}

  private final LinkedHashMap<Key, SampleRequest> queued = new LinkedHashMap<>();

  /** Sent and not answered; the value is null until a consumer adopts the sample. */
  private final Map<Key, Adopter<B>> inFlight = new HashMap<>();

  private final Map<Key, Generation> answered = new HashMap<>();

  /**
   * Every sample sent so far and what became of it: its completion tokens once answered, {@link
   * #IN_FLIGHT_TOKENS} before, {@link #FAILED_TOKENS} after a failure.
   */
  private final Map<Key, Integer> sentSamples = new HashMap<>();

  private static final int IN_FLIGHT_TOKENS = -1;
  private static final int FAILED_TOKENS = -2;

  /** Queues the samples not looked ahead already; returns how many were queued. */
  int add(Collection<SampleRequest> requests) {
    int added = 0;
    for (SampleRequest r : requests) {
      Key key = Key.of(r);
      if (!queued.containsKey(key) && !inFlight.containsKey(key) && !answered.containsKey(key)) {
        queued.put(key, r);
        added++;
      }
    }
    return added;
  }

  /**
   * Whether nothing was ever sent ahead (or all is claimed and forgotten): no claim can succeed.
   */
  boolean isEmpty() {
    return queued.isEmpty() && inFlight.isEmpty() && answered.isEmpty();
  }

  boolean hasQueued() {
    return !queued.isEmpty();
  }

  int queued() {
    return queued.size();
  }

  /** Sent, not answered, and not taken over by a consumer. */
  int inFlight() {
    return (int) inFlight.values().stream().filter(Objects::isNull).count();
  }

  /** Looked-ahead samples sent so far. */
  long sent() {
    return sentSamples.size();
  }

  /**
   * The samples among {@code among} sent for nothing: those {@code asked} rejects (no consumer asks
   * for them), those that failed and those still in flight; [samples, completion tokens of the
   * answered ones].
   */
  long[] unused(Predicate<Key> among, Predicate<Key> asked) {
    long[] out = new long[2];
    sentSamples.forEach(
        (key, tokens) -> {
          if (among.test(key) && (tokens < 0 || !asked.test(key))) {
            out[0]++;
            out[1] += Math.max(0, tokens);
          }
        });
    return out;
  }

  /** The next queued sample, now in flight. */
  SampleRequest send() {
    Iterator<Map.Entry<Key, SampleRequest>> first = queued.entrySet().iterator();
    Map.Entry<Key, SampleRequest> next = first.next();
    first.remove();
    inFlight.put(next.getKey(), null);
    sentSamples.put(next.getKey(), IN_FLIGHT_TOKENS);
    return next.getValue();
  }

  /** Drops the queued samples {@code which} accepts; returns how many. */
  int withdraw(Predicate<SampleRequest> which) {
    int before = queued.size();
    queued.values().removeIf(which);
    return before - queued.size();
  }

  /** A consumer submits {@code request}: takes over the looked-ahead sample, if there is one. */
  Claim claim(SampleRequest request, B batch) {
    Key key = Key.of(request);
    if (queued.remove(key) != null) {
      return new Claim(State.QUEUED, null);
    }
    if (inFlight.containsKey(key) && inFlight.get(key) == null) {
      inFlight.put(key, new Adopter<>(batch, request));
      return new Claim(State.IN_FLIGHT, null);
    }
    Generation answer = answered.remove(key);
    if (answer != null) {
      return new Claim(State.ANSWERED, answer.forRequest(request));
    }
    return new Claim(State.NONE, null);
  }

  /**
   * A looked-ahead sample's answer arrived: returns its adopter, or null when none took it over (a
   * successful answer is then kept for the consumer that asks next; a failure is not, and that
   * consumer sends the sample itself).
   */
  Adopter<B> answer(SampleRequest request, Generation generation) {
    Key key = Key.of(request);
    Adopter<B> adopter = inFlight.remove(key);
    sentSamples.put(key, generation.failed() ? FAILED_TOKENS : generation.completionTokens());
    if (adopter == null && !generation.failed()) {
      answered.put(key, generation);
    }
    return adopter;
  }

  /** Forgets the answers no consumer claimed (they are in the generation cache, if it is on). */
  void forgetAnswered() {
    answered.clear();
  }
}
