package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Ends calls: completes each sample once, with the answer of whichever of an original and its tail
 * copy answers first (cancelling the other) or with its failure, and counts the outcome.
 */
final class CallResults {
  private final HealthMonitor health;
  private final TailCopies tailCopies;
  private final PromptLengths promptLengths;
  private final ClientCounters counters;

  CallResults(
      HealthMonitor health,
      TailCopies tailCopies,
      PromptLengths promptLengths,
      ClientCounters counters) {
    this.health = health;
    this.tailCopies = tailCopies;
    this.promptLengths = promptLengths;
    this.counters = counters;
  }

  void succeed(SampleCall call, Replica replica, List<Completion> completions, long started) {
    long latencyNanos = System.nanoTime() - started;
    int longest = 0;
    long generated = 0;
    for (Completion completion : completions) {
      longest = Math.max(longest, completion.completionTokens());
      generated += completion.completionTokens();
    }
    call.settleTokens(replica, generated);
    promptLengths.remember(call.promptKey, completions.get(0).promptTokens());
    replica.permits().succeeded(call.permit);
    replica.pace().observe(latencyNanos, longest);
    health.succeeded(replica);
    SampleCall original = call.original == null ? call : call.original;
    if (original.settled.get()) {
      return;
    }
    List<Generation> generations = new ArrayList<>();
    for (int i = 0; i < call.sequences(); i++) {
      Completion completion = completions.get(i);
      generations.add(
          Generation.builder(call.requests.get(i))
              .text(completion.text())
              .reasoning(completion.reasoning())
              .finishReason(completion.finishReason())
              .promptTokens(completion.promptTokens())
              .completionTokens(completion.completionTokens())
              .latencyMs(latencyNanos / 1_000_000)
              .replica(replica.baseUrl())
              .attempts(call.attempts)
              .build());
    }
    List<Generation> answer = List.copyOf(generations);
    if (!original.settled.compareAndSet(false, true)) {
      return;
    }
    // counted before the result completes: whoever waits on it may read the counters at once
    counters.succeeded.add(call.sequences());
    for (Completion completion : completions) {
      tailCopies.finished(completion.completionTokens());
    }
    if (call.original != null) {
      tailCopies.won();
      call.result.complete(answer);
      cancel(call.original);
    } else if (call.copy != null) {
      cancel(call.copy);
    }
    original.result.complete(answer);
  }

  void fail(SampleCall call, ErrorClass errorClass, String message) {
    if (call.result.isDone()) {
      return;
    }
    List<Generation> generations = new ArrayList<>();
    for (SampleRequest request : call.requests) {
      generations.add(
          Generation.builder(request)
              .latencyMs((System.nanoTime() - call.startNanos) / 1_000_000)
              .replica(call.replica == null ? null : call.replica.baseUrl())
              .attempts(call.attempts)
              .error(errorClass, message)
              .build());
    }
    List<Generation> failed = List.copyOf(generations);
    if (call.original != null) {
      // a failed tail copy ends only itself, unless its original's failure waited for it
      call.result.complete(failed);
      SampleCall.HeldFailure held = call.original.heldFailure;
      if (held != null) {
        finishFailed(call.original, held);
      }
      return;
    }
    SampleCall.HeldFailure held = new SampleCall.HeldFailure(errorClass, failed);
    SampleCall copy = call.copy;
    if (copy != null && !copy.result.isDone()) {
      call.heldFailure = held;
      if (!copy.result.isDone()) {
        return;
      }
    }
    finishFailed(call, held);
  }

  private void finishFailed(SampleCall call, SampleCall.HeldFailure held) {
    if (call.settled.compareAndSet(false, true)) {
      counters.failed(held.errorClass(), call.sequences());
      call.result.complete(held.generations());
    }
  }

  /**
   * Stops a call whose other half (original or copy) answered: its request is cancelled, which
   * closes the connection (the server aborts it, spec §4.8); its permit goes back when the exchange
   * ends, a wait for a permit or a backoff ends without sending.
   */
  void cancel(SampleCall call) {
    call.cancelled = true;
    StreamingResponse streamed = call.streamed;
    if (streamed != null) {
      streamed.cancel();
    }
    CompletableFuture<?> exchange = call.exchange;
    if (exchange != null) {
      exchange.cancel(true);
    }
    if (call.original != null) {
      // nobody waits for a copy's own result; completing it drops it from the active calls
      call.result.complete(List.of());
    }
  }
}
