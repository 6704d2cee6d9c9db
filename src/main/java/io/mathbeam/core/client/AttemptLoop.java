package io.mathbeam.core.client;

import io.mathbeam.core.concurrent.DaemonThreads;
import io.mathbeam.core.model.ErrorClass;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a call's attempts, one after another: model name, context window, permit, request budget,
 * HTTP exchange; then hands the outcome to {@link AttemptOutcomes} and schedules any retry.
 */
final class AttemptLoop {
  private static final long ABORT_GRACE_MILLIS = 100;

  private final ClientConfig config;
  private final DelayScheduler scheduler;
  private final Backoff backoff;
  private final HttpClient http;
  private final MetadataRequests metadata;
  private final ReplicaSet replicas;
  private final ModelResolver models;
  private final PromptLengths promptLengths;
  private final ClientCounters counters;
  private final CallResults results;
  private final AtomicBoolean closed;
  private final AttemptOutcomes outcomes;
  private ScheduledExecutorService streamTimer;

  AttemptLoop(
      ClientConfig config,
      DelayScheduler scheduler,
      Backoff backoff,
      HttpClient http,
      MetadataRequests metadata,
      HealthMonitor health,
      ReplicaSet replicas,
      ModelResolver models,
      PromptLengths promptLengths,
      ClientCounters counters,
      CallResults results,
      AtomicBoolean closed) {
    this.config = config;
    this.scheduler = scheduler;
    this.backoff = backoff;
    this.http = http;
    this.metadata = metadata;
    this.replicas = replicas;
    this.models = models;
    this.promptLengths = promptLengths;
    this.counters = counters;
    this.results = results;
    this.closed = closed;
    this.outcomes =
        new AttemptOutcomes(config, health, metadata, promptLengths, counters, this, results);
  }

  /** Starts a call's first attempt. */
  void start(SampleCall call) {
    guarded(call, () -> attempt(call));
  }

  /** Stops the timer of streamed attempts; run once the client is closed. */
  void shutdown() {
    synchronized (this) {
      if (streamTimer != null) {
        streamTimer.shutdownNow();
      }
    }
  }

  void attempt(SampleCall call) {
    if (call.cancelled) {
      return;
    }
    if (closed.get()) {
      results.fail(call, lastClassOr(call, ErrorClass.CONNECTION), "client closed");
      return;
    }
    if (call.model == null) {
      models
          .model()
          .whenComplete(
              (model, error) ->
                  guarded(
                      call,
                      () -> {
                        if (error != null) {
                          call.attempts++;
                          retryOrFail(
                              call,
                              AttemptFailure.of(
                                  ErrorClass.CONNECTION, AttemptFailure.describe(error), false));
                        } else {
                          call.model = model;
                          attempt(call);
                        }
                      }));
      return;
    }
    Replica replica = call.pinned != null ? call.pinned : choose(call);
    call.pinned = null;
    call.replica = replica;
    call.chargeExpected(replica);
    replica
        .models(() -> metadata.models(replica))
        .handle(
            (cards, error) ->
                error == null ? ModelCard.maxModelLen(cards, call.model) : OptionalInt.empty())
        .thenAccept(limit -> guarded(call, () -> acquireAndSend(call, replica, limit)));
  }

  /**
   * Spec §4.3 client prevention: when max_tokens plus a cheap upper bound of the prompt could
   * exceed the context window, first learns the prompt's exact length (once per prompt, shared by
   * concurrent samples) so the first request already fits.
   */
  private void acquireAndSend(SampleCall call, Replica replica, OptionalInt contextWindow) {
    if (contextWindow.isPresent()
        && promptLengths.known(call.promptKey).isEmpty()
        && !replica.tokenizeMissing()
        && (long) call.maxTokensCeiling
                + PromptLengths.upperBound(config.api(), call.first(), call.template)
            > contextWindow.getAsInt()) {
      promptLengths
          .count(
              call.promptKey,
              () ->
                  metadata.countTokens(
                      replica,
                      GenerationRequestBody.tokenize(
                          config.api(), call.model, call.first(), call.template)))
          .thenAccept(count -> guarded(call, () -> capAndAcquire(call, replica, contextWindow)));
      return;
    }
    capAndAcquire(call, replica, contextWindow);
  }

  private void capAndAcquire(SampleCall call, Replica replica, OptionalInt contextWindow) {
    // Bounded load: the replica was chosen before its metadata was looked up; if it has filled up
    // since, a replica later in this problem's order that has room takes the sample instead.
    if (!call.spillChecked && !replica.permits().hasRoom(call.sequences())) {
      call.spillChecked = true;
      Replica alternative = choose(call);
      if (alternative != replica) {
        call.pinned = alternative;
        attempt(call);
        return;
      }
    }
    int maxTokens = call.maxTokensCeiling;
    if (contextWindow.isPresent()) {
      OptionalInt prompt = promptLengths.known(call.promptKey);
      int budget = contextWindow.getAsInt() - prompt.orElse(0);
      if (budget < 1) {
        results.fail(
            call,
            ErrorClass.CONTEXT_OVERFLOW,
            "prompt has "
                + prompt.getAsInt()
                + " tokens; the context window of "
                + replica.baseUrl()
                + " is "
                + contextWindow.getAsInt());
        return;
      }
      maxTokens = Math.min(maxTokens, budget);
    }
    int cappedMaxTokens = maxTokens;
    replica
        .permits()
        .acquire(call.sequences())
        .whenComplete(
            (permit, error) ->
                guarded(
                    call,
                    () -> {
                      if (error != null) {
                        results.fail(
                            call, lastClassOr(call, ErrorClass.CONNECTION), "client closed");
                      } else if (call.cancelled) {
                        replica.permits().release(permit);
                      } else if (!replica.healthy() && replicas.anyHealthy()) {
                        // Ejected while this request waited: let the next replica take it.
                        replica.permits().release(permit);
                        attempt(call);
                      } else {
                        call.permit = permit;
                        sendWithinBudget(call, replica, permit, cappedMaxTokens);
                      }
                    }));
  }

  /**
   * Sends once the replica's request and token budgets allow; the permit is held while waiting, so
   * the in-flight cap also bounds what queues here.
   */
  private void sendWithinBudget(
      SampleCall call, Replica replica, PermitQueue.Permit permit, int maxTokens) {
    long charge = (long) maxTokens * call.sequences();
    Duration wait = replica.reserveBudget(charge);
    call.tokensCharged = charge;
    if (wait.isZero()) {
      send(call, replica, permit, maxTokens);
    } else {
      counters.budgetWaits.increment();
      scheduler.schedule(wait, () -> guarded(call, () -> send(call, replica, permit, maxTokens)));
    }
  }

  /** The replica for the call's next attempt: by affinity and room, or by expected work. */
  private Replica choose(SampleCall call) {
    return replicas.choose(call.order, call.avoid, call.expected, call.sequences());
  }

  private void send(SampleCall call, Replica replica, PermitQueue.Permit permit, int maxTokens) {
    if (call.cancelled) {
      replica.permits().release(permit);
      call.settleTokens(replica, 0);
      return;
    }
    call.sentMaxTokens = maxTokens;
    // a tail copy is streamed, so that its cancellation is noticed at once (see TailCopies)
    boolean stream = config.stream() || call.original != null;
    Duration timeout =
        replica
            .pace()
            .timeout(
                maxTokens,
                config.timeoutBase(),
                config.minRequestTimeout(),
                config.requestTimeout());
    HttpRequest request;
    try {
      request =
          metadata
              .authorized(
                  HttpRequest.newBuilder(URI.create(replica.baseUrl() + config.api().path())))
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofByteArray(
                      GenerationRequestBody.generation(
                          config.api(),
                          call.model,
                          call.first(),
                          call.template,
                          call.params,
                          maxTokens,
                          call.sequences(),
                          stream)))
              .build();
    } catch (RuntimeException e) {
      replica.permits().release(permit);
      throw e;
    }
    AtomicBoolean responseStarted = new AtomicBoolean();
    call.attempts++;
    counters.requestsSent.increment();
    if (maxTokens < call.params.maxTokens()) {
      counters.maxTokensCapped.increment();
    }
    long started = System.nanoTime();
    CompletableFuture<HttpResponse<StreamingResponse.Body>> response;
    StreamingResponse streamed =
        stream
            ? new StreamingResponse(
                config.api(), call.sequences(), timeout, config.streamIdleTimeout(), streamTimer())
            : null;
    try {
      response =
          http.sendAsync(
              request,
              info -> {
                responseStarted.set(true);
                return streamed != null
                    ? streamed.apply(info)
                    : HttpResponse.BodySubscribers.mapping(
                        HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8),
                        text -> new StreamingResponse.Body(null, text, -1));
              });
    } catch (RuntimeException e) {
      response = CompletableFuture.failedFuture(e);
    }
    call.streamed = streamed;
    call.sentNanos = started;
    call.exchange = response;
    call.sending = true;
    if (call.cancelled) {
      // cancelled while the request was being built: the cancel may have missed this exchange
      results.cancel(call);
    }
    response.whenComplete(
        (answer, error) -> {
          call.sending = false;
          // the replica is done with this exchange; a retry counts its work where it goes next
          call.releaseExpected();
          if (call.cancelled) {
            releaseAfterAbort(replica, permit);
            guarded(call, () -> call.settleTokens(replica, 0));
            return;
          }
          replica.permits().release(permit);
          guarded(
              call,
              () -> {
                if (call.cancelled) {
                  call.settleTokens(replica, 0);
                  return;
                }
                if (error != null || answer.statusCode() < 200 || answer.statusCode() >= 300) {
                  call.settleTokens(replica, 0);
                }
                if (error != null) {
                  outcomes.onTransportError(
                      call,
                      replica,
                      AttemptFailure.rootCause(error),
                      responseStarted.get(),
                      timeout);
                } else {
                  outcomes.onResponse(call, replica, answer, started);
                }
              });
        });
  }

  /**
   * Returns the permit of a cancelled request a little later: the server frees the slot only when
   * it notices the closed connection, at its next write (one engine step for vLLM, one flush for
   * the simulator), and until then the sequence still counts against the replica's cap.
   */
  private void releaseAfterAbort(Replica replica, PermitQueue.Permit permit) {
    double step = replica.pace().secondsPerToken();
    long graceMillis = Math.max(ABORT_GRACE_MILLIS, Double.isNaN(step) ? 0 : (long) (2e3 * step));
    try {
      scheduler.schedule(
          Duration.ofMillis(Math.min(graceMillis, 1000)), () -> replica.permits().release(permit));
    } catch (RuntimeException e) {
      replica.permits().release(permit);
    }
  }

  /** The timer of streamed attempts' first-byte and idle timeouts, started on first use. */
  private ScheduledExecutorService streamTimer() {
    synchronized (this) {
      if (streamTimer == null) {
        streamTimer =
            Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.numbered("mathbeam-stream-timer"));
      }
      return streamTimer;
    }
  }

  void retryOrFail(SampleCall call, AttemptFailure failure) {
    call.lastFailure = failure;
    if (call.original != null) {
      // a tail copy is tried once; its original goes on
      results.fail(call, failure.errorClass(), failure.message());
      return;
    }
    if (failure.tryNextReplica() && call.replica != null) {
      call.avoid.add(call.replica);
    }
    if (closed.get() || call.attempts >= config.maxAttempts()) {
      String suffix = call.attempts > 1 ? " (after " + call.attempts + " attempts)" : "";
      results.fail(call, failure.errorClass(), failure.message() + suffix);
      return;
    }
    counters.retries.increment();
    call.backoffs++;
    Duration delay = backoff.delay(call.backoffs, failure.retryAfter());
    try {
      scheduler.schedule(delay, () -> guarded(call, () -> attempt(call)));
    } catch (RuntimeException e) {
      results.fail(
          call, failure.errorClass(), failure.message() + " (retry not possible: " + e + ")");
    }
  }

  /** Runs a step of a call; a bug in it ends the call instead of leaving its future open. */
  void guarded(SampleCall call, Runnable step) {
    try {
      step.run();
    } catch (RuntimeException | Error e) {
      results.fail(call, lastClassOr(call, ErrorClass.CONNECTION), "client error: " + e);
      if (e instanceof Error) {
        throw (Error) e;
      }
    }
  }

  private static ErrorClass lastClassOr(SampleCall call, ErrorClass fallback) {
    return call.lastFailure == null ? fallback : call.lastFailure.errorClass();
  }
}
