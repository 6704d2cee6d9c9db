package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * Classifies how an attempt ended (a response, or a transport error) into success, a retry on the
 * same or another replica, or a failure, and tells the replica's health, window and pace.
 */
final class AttemptOutcomes {
  private final ClientConfig config;
  private final HealthMonitor health;
  private final MetadataRequests metadata;
  private final PromptLengths promptLengths;
  private final ClientCounters counters;
  private final AttemptLoop loop;
  private final CallResults results;

  AttemptOutcomes(
      ClientConfig config,
      HealthMonitor health,
      MetadataRequests metadata,
      PromptLengths promptLengths,
      ClientCounters counters,
      AttemptLoop loop,
      CallResults results) {
    this.config = config;
    this.health = health;
    this.metadata = metadata;
    this.promptLengths = promptLengths;
    this.counters = counters;
    this.loop = loop;
    this.results = results;
  }

  void onResponse(
      SampleCall call,
      Replica replica,
      HttpResponse<StreamingResponse.Body> response,
      long started) {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      replica.recordAnswer();
      List<Completion> completions = response.body().completions();
      if (completions == null) {
        try {
          completions =
              Completion.parseChoices(response.body().text(), config.api(), call.sequences());
        } catch (MalformedResponseException e) {
          loop.retryOrFail(
              call,
              AttemptFailure.of(
                  ErrorClass.MALFORMED_RESPONSE,
                  "unusable 200 from " + replica.baseUrl() + ": " + e.getMessage(),
                  false));
          return;
        }
      }
      String finish = null;
      for (Completion completion : completions) {
        if ("abort".equals(completion.finishReason())
            || "error".equals(completion.finishReason())) {
          finish = completion.finishReason();
        }
      }
      if (finish != null) {
        health.failed(replica);
        loop.retryOrFail(
            call,
            AttemptFailure.of(
                ErrorClass.SERVER_ERROR,
                "finish_reason " + finish + " from " + replica.baseUrl(),
                true));
        return;
      }
      results.succeed(call, replica, completions, started);
      return;
    }
    ErrorBody error = ErrorBody.parse(response.body().text());
    String detail = "HTTP " + status + " from " + replica.baseUrl() + ": " + error.message();
    Duration retryAfter =
        Backoff.parseRetryAfter(
            response.headers().firstValue("Retry-After").orElse(null), Instant.now());
    if (status == 503 || status == 429 || status == 408) {
      replica.permits().congested(call.permit);
    }
    if (status >= 500 && status != 501) {
      health.failed(replica);
      loop.retryOrFail(call, new AttemptFailure(ErrorClass.SERVER_ERROR, detail, retryAfter, true));
      return;
    }
    replica.recordAnswer();
    if (status == 408 || status == 429) {
      loop.retryOrFail(
          call, new AttemptFailure(ErrorClass.RATE_LIMITED, detail, retryAfter, false));
    } else if (ContextOverflow.matches(status, error.message())) {
      onContextOverflow(call, replica, error.message(), detail);
    } else {
      results.fail(call, ErrorClass.BAD_REQUEST, detail);
    }
  }

  void onTransportError(
      SampleCall call,
      Replica replica,
      Throwable error,
      boolean responseStarted,
      Duration timeout) {
    if (error instanceof StreamErrorEventException event) {
      // spec §5: a failure after streaming began is an in-band error event on the 200 response
      health.failed(replica);
      loop.retryOrFail(
          call,
          AttemptFailure.of(
              event.status() == 429 || event.status() == 408
                  ? ErrorClass.RATE_LIMITED
                  : event.status() >= 500 ? ErrorClass.SERVER_ERROR : ErrorClass.BAD_REQUEST,
              "error event in the stream from " + replica.baseUrl() + ": " + event.getMessage(),
              true));
      return;
    }
    if (error instanceof MalformedResponseException) {
      loop.retryOrFail(
          call,
          AttemptFailure.of(
              ErrorClass.MALFORMED_RESPONSE,
              "unusable stream from " + replica.baseUrl() + ": " + error.getMessage(),
              false));
      return;
    }
    if (error instanceof StreamIdleTimeoutException idle) {
      // a stream that stops mid-generation points at a sick replica rather than a full one
      health.failed(replica);
      replica.pace().timedOut();
      loop.retryOrFail(
          call,
          AttemptFailure.of(
              ErrorClass.TIMEOUT,
              "stream from "
                  + replica.baseUrl()
                  + (idle.beforeFirstByte() ? " sent nothing for " : " went silent for ")
                  + idle.limit(),
              true));
      return;
    }
    if (error instanceof HttpConnectTimeoutException || error instanceof ConnectException) {
      health.failed(replica);
      loop.retryOrFail(
          call,
          AttemptFailure.of(
              ErrorClass.CONNECTION,
              replica.baseUrl() + ": " + AttemptFailure.describe(error),
              true));
    } else if (error instanceof HttpTimeoutException) {
      replica.permits().congested(call.permit);
      replica.pace().timedOut();
      loop.retryOrFail(
          call,
          AttemptFailure.of(
              ErrorClass.TIMEOUT,
              "no response from " + replica.baseUrl() + " within " + timeout,
              false));
    } else if (error instanceof IOException
        && !responseStarted
        && !call.staleRetryUsed
        && call.attempts < config.maxAttempts()) {
      // A pooled connection the server closed while idle (spec §1.2): once, at once, same replica.
      call.staleRetryUsed = true;
      call.lastFailure =
          AttemptFailure.of(ErrorClass.CONNECTION, AttemptFailure.describe(error), false);
      counters.retries.increment();
      call.pinned = replica;
      loop.attempt(call);
    } else {
      health.failed(replica);
      loop.retryOrFail(
          call,
          AttemptFailure.of(
              ErrorClass.CONNECTION,
              replica.baseUrl() + ": " + AttemptFailure.describe(error),
              true));
    }
  }

  /** Spec §4.3: learn the prompt length, retry once with max_tokens = what fits, never loop. */
  private void onContextOverflow(SampleCall call, Replica replica, String message, String detail) {
    Optional<ContextOverflow> overflow = ContextOverflow.parse(message);
    if (call.overflowRetryUsed || overflow.isEmpty()) {
      results.fail(call, ErrorClass.CONTEXT_OVERFLOW, detail);
      return;
    }
    call.overflowRetryUsed = true;
    ContextOverflow limits = overflow.get();
    OptionalInt known = promptLengths.known(call.promptKey);
    CompletableFuture<OptionalInt> promptTokens =
        limits.promptTokens().isPresent()
            ? CompletableFuture.completedFuture(limits.promptTokens())
            : known.isPresent()
                ? CompletableFuture.completedFuture(known)
                : promptLengths.count(
                    call.promptKey,
                    () ->
                        metadata.countTokens(
                            replica,
                            GenerationRequestBody.tokenize(
                                config.api(), call.model, call.first(), call.template)));
    promptTokens.thenAccept(
        prompt ->
            loop.guarded(
                call,
                () -> {
                  if (prompt.isEmpty()) {
                    results.fail(
                        call, ErrorClass.CONTEXT_OVERFLOW, detail + " (prompt length unknown)");
                    return;
                  }
                  promptLengths.remember(call.promptKey, prompt.getAsInt());
                  int budget = limits.outputBudget(prompt.getAsInt());
                  if (budget < 1 || budget >= call.sentMaxTokens) {
                    results.fail(call, ErrorClass.CONTEXT_OVERFLOW, detail);
                  } else if (call.attempts >= config.maxAttempts()) {
                    results.fail(call, ErrorClass.CONTEXT_OVERFLOW, detail + " (no attempts left)");
                  } else {
                    call.maxTokensCeiling = budget;
                    call.lastFailure =
                        AttemptFailure.of(ErrorClass.CONTEXT_OVERFLOW, detail, false);
                    counters.retries.increment();
                    call.pinned = replica;
                    loop.attempt(call);
                  }
                }));
  }
}
