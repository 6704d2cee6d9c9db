package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Mutable state of one generation request (one sample, or consecutive samples of one problem sent
 * with {@code n}) across its attempts. Its steps run strictly one after another (each starts from
 * the completion of the previous one), so no locking is needed; only what an original and its tail
 * copy ({@link TailCopies}) read of each other is volatile.
 */
final class SampleCall {
  /** The samples, in choice order; their seeds are consecutive. */
  final List<SampleRequest> requests;

  final PromptTemplate template;
  final SamplingParams params;
  final CompletableFuture<List<Generation>> result = new CompletableFuture<>();
  final long startNanos = System.nanoTime();

  /** Replicas that failed this call with a connection error or 5xx. */
  final Set<Replica> avoid = new HashSet<>();

  /** The problem's rendezvous order over all replicas. */
  final List<Replica> order;

  /** Identifies the rendered prompt, for remembering its token count. */
  final String promptKey;

  String model;
  Replica replica;

  /** Set when the next attempt must reuse this replica (stale connection, context overflow). */
  Replica pinned;

  /** Whether this sample already looked for a replica with room (it spills over at most once). */
  boolean spillChecked;

  /** The admission of the attempt in flight (or of the last one). */
  PermitQueue.Permit permit;

  int attempts;
  int backoffs;
  int maxTokensCeiling;
  int sentMaxTokens;
  boolean staleRetryUsed;
  boolean overflowRetryUsed;

  /** Generated tokens reserved against the replica's token budget for the current attempt. */
  long tokensCharged;

  AttemptFailure lastFailure;

  /** The call this one is a tail copy of, or null for an original. */
  final SampleCall original;

  /** An original's tail copy on a faster replica, once one was started. */
  volatile SampleCall copy;

  /** Set when the other of an original and its copy answered first: stop, retry nothing. */
  volatile boolean cancelled;

  /** Whether an HTTP request of this call is out now (sent, not yet answered). */
  volatile boolean sending;

  /** {@link System#nanoTime()} when the last HTTP request of this call went out. */
  volatile long sentNanos;

  /** The HTTP exchange out now, to cancel. */
  volatile CompletableFuture<?> exchange;

  /** The streamed answer being read now, to cancel; null when not streamed. */
  volatile StreamingResponse streamed;

  /** Set by whoever ends the sample (original or copy), which counts it before completing it. */
  final AtomicBoolean settled = new AtomicBoolean();

  /** An original's final failure, held while its copy may still answer. */
  volatile HeldFailure heldFailure;

  /** A failure that ends the call unless its copy answers. */
  record HeldFailure(ErrorClass errorClass, List<Generation> generations) {}

  SampleCall(
      List<SampleRequest> requests,
      PromptTemplate template,
      SamplingParams params,
      List<Replica> order,
      String promptKey) {
    this.requests = List.copyOf(requests);
    this.template = template;
    this.params = params;
    this.order = order;
    this.promptKey = promptKey;
    this.maxTokensCeiling = params.maxTokens();
    this.original = null;
  }

  /** A tail copy of {@code original}, to be sent to {@code target} only. */
  /** What the dispatch order expects of these samples (routing spreads the long ones). */
  ExpectedLength expected = ExpectedLength.UNKNOWN;

  /** The replica whose expected work counts this call now, and how much; guarded by this. */
  private Replica expectedOn;

  private long expectedCharge;

  /**
   * Counts this call's expected tokens on {@code replica} from the moment it is chosen (not when
   * the request is sent, which is later and asynchronous: a burst routed at once must see the work
   * already given out), moving them from the replica of an earlier attempt.
   */
  synchronized void chargeExpected(Replica replica) {
    releaseExpected();
    long tokens = expected.tokens(sequences());
    if (tokens > 0) {
      replica.addExpectedTokens(tokens);
      expectedOn = replica;
      expectedCharge = tokens;
    }
  }

  /** Takes this call's expected tokens off its replica (its exchange ended, or the call did). */
  synchronized void releaseExpected() {
    if (expectedOn != null) {
      expectedOn.addExpectedTokens(-expectedCharge);
      expectedOn = null;
      expectedCharge = 0;
    }
  }

  SampleCall(SampleCall original, Replica target) {
    this.requests = original.requests;
    this.template = original.template;
    this.params = original.params;
    this.order = original.order;
    this.promptKey = original.promptKey;
    this.maxTokensCeiling = original.maxTokensCeiling;
    this.original = original;
    this.model = original.model;
    this.expected = original.expected;
    this.pinned = target;
    // a copy must not spill over to the slow replica it is meant to beat
    this.spillChecked = true;
  }

  /** The first sample: its problem and seed go into the request body. */
  SampleRequest first() {
    return requests.get(0);
  }

  /** Refunds the tokens charged for the last attempt beyond those it generated. */
  void settleTokens(Replica replica, long generated) {
    long unused = tokensCharged - generated;
    tokensCharged = 0;
    replica.refundTokens(unused);
  }

  /** Sequences this call keeps in flight ({@code n}). */
  int sequences() {
    return requests.size();
  }
}
