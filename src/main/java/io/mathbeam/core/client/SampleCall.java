package io.mathbeam.core.client;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Mutable state of one generation request (one sample, or consecutive samples of one problem sent
 * with {@code n}) across its attempts. Its steps run strictly one after another (each starts from
 * the completion of the previous one), so no locking is needed.
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
  }

  /** The first sample: its problem and seed go into the request body. */
  SampleRequest first() {
    return requests.get(0);
  }

  /** Sequences this call keeps in flight ({@code n}). */
  int sequences() {
    return requests.size();
  }
}
