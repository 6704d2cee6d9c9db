package io.mathbeam.core.client;

import io.mathbeam.core.concurrent.DaemonThreads;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Asynchronous client for OpenAI-compatible (vLLM, SGLang) replicas, following the client rules of
 * {@code shared/specs/openai-server-behavior.md}: HTTP/1.1 only, explicit sampling fields,
 * problem-affine rendezvous routing over healthy replicas, a per-replica in-flight limit in
 * sequences (an AIMD window under a hard cap) enforced without blocking threads, attempt timeouts
 * sized from max_tokens and each replica's observed pace, retries with capped exponential backoff
 * and full jitter, max_tokens capped to the context window before sending (prompt length from
 * {@code POST /tokenize}) with one capped retry on a context-window rejection, and several samples
 * of a problem in one request with {@code n}.
 *
 * <p>Use {@link #shared(ClientConfig)} in pipeline workers so the per-replica cap holds across
 * every user in the JVM.
 */
public final class OpenAiClient implements AutoCloseable {
  private static final Duration METADATA_TIMEOUT = Duration.ofSeconds(30);
  private static final Map<ClientConfig, SharedEntry> SHARED = new HashMap<>();
  private static final int PROMPT_LENGTH_CACHE = 4096;
  private static final long ABORT_GRACE_MILLIS = 100;

  private final ClientConfig config;
  private final DelayScheduler scheduler;
  private final Backoff backoff;
  private final HttpClient http;
  private final MetadataRequests metadata;
  private final HealthMonitor health;
  private final ScheduledExecutorService ownedScheduler;
  private final ReplicaSet replicas;
  private final TailCopies tailCopies;
  private final AtomicInteger copyRequests = new AtomicInteger();
  private final AtomicBoolean copyRecheckPending = new AtomicBoolean();
  private final ModelResolver models;
  private final boolean shared;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final PromptLengths promptLengths = new PromptLengths(PROMPT_LENGTH_CACHE);
  private final Set<SampleCall> activeCalls = ConcurrentHashMap.newKeySet();
  private final LongAdder requestsSent = new LongAdder();
  private final LongAdder retries = new LongAdder();
  private final LongAdder succeeded = new LongAdder();
  private final LongAdder maxTokensCapped = new LongAdder();
  private final LongAdder budgetWaits = new LongAdder();
  private ScheduledExecutorService streamTimer;
  private final Map<ErrorClass, LongAdder> failures = new ConcurrentHashMap<>();

  /** A client that owns its scheduler; prefer {@link #shared(ClientConfig)} in pipelines. */
  public OpenAiClient(ClientConfig config) {
    this(config, null, new Random(), false);
  }

  /**
   * A client with an injected scheduler (backoff waits and health probes) and jitter source, for
   * tests. The scheduler is not shut down by {@link #close()}.
   */
  public OpenAiClient(ClientConfig config, DelayScheduler scheduler, Random random) {
    this(config, scheduler, random, false);
  }

  private OpenAiClient(
      ClientConfig config, DelayScheduler scheduler, Random random, boolean shared) {
    this.config = config;
    this.shared = shared;
    if (scheduler == null) {
      ownedScheduler =
          Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("mathbeam-retry"));
      this.scheduler = DelayScheduler.of(ownedScheduler);
    } else {
      ownedScheduler = null;
      this.scheduler = scheduler;
    }
    this.backoff = new Backoff(config.initialBackoff(), config.maxBackoff(), random);
    // No custom executor: with one, JDK 17's sendAsync hands every response to the default async
    // pool, which on machines with fewer than 3 cores starts a new thread per response.
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(config.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    this.http = http;
    Duration metadataTimeout =
        config.requestTimeout().compareTo(METADATA_TIMEOUT) < 0
            ? config.requestTimeout()
            : METADATA_TIMEOUT;
    this.metadata = new MetadataRequests(http, config.apiKey(), metadataTimeout);
    this.health =
        new HealthMonitor(metadata, this.scheduler, config.healthProbeInterval(), closed::get);
    List<Replica> list = new ArrayList<>();
    for (String endpoint : config.endpoints()) {
      list.add(
          new Replica(
              endpoint,
              config.maxInFlightPerReplica(),
              config.unhealthyAfterFailures(),
              config.requestsPerSecond(),
              config.tokensPerSecond(),
              config.leasedCaps()));
    }
    this.replicas = new ReplicaSet(list);
    this.tailCopies = new TailCopies(replicas);
    this.models = new ModelResolver(config.model(), replicas.all(), metadata);
  }

  /**
   * The JVM-wide client for {@code config}: equal configs get the same instance. Each call must be
   * paired with one {@link #close()}; the last close shuts the client down.
   */
  public static OpenAiClient shared(ClientConfig config) {
    synchronized (SHARED) {
      SharedEntry entry = SHARED.get(config);
      if (entry == null) {
        entry = new SharedEntry(new OpenAiClient(config, null, new Random(), true));
        SHARED.put(config, entry);
      }
      entry.references++;
      return entry.client;
    }
  }

  /** The settings this client was built with. */
  public ClientConfig config() {
    return config;
  }

  /**
   * Takes shard {@code shard}'s share of every replica's job-wide limits (see {@link CapLease}) for
   * this client's samples, until the lease is closed. Only for a config with {@code capShards > 0};
   * the caller guarantees that no other client holds the same shard at the same time.
   */
  public CapLease lease(int shard) {
    if (!config.leasedCaps()) {
      throw new IllegalStateException("this client's caps are its own (capShards = 0)");
    }
    return new CapLease(replicas.all(), shard, config.capShards());
  }

  /**
   * Tells routing how many samples wait to be sent ({@link GenerationDispatcher} keeps it current):
   * near the end, slow replicas are passed over ({@link ReplicaSet}).
   */
  public void backlog(int samples) {
    replicas.backlog(samples);
    if (samples == 0 && config.tailCopies() && !closed.get()) {
      copyTail();
    }
  }

  /**
   * Tail copies started, and those that answered before their original, since the last call (by
   * anyone): each copy is handed out once, so the users of a shared client can add them up.
   */
  public long[] takeNewTailCopies() {
    return tailCopies.takeNew();
  }

  /**
   * Starts the tail copies that fit now ({@link TailCopies}). One thread at a time picks; a call
   * that finds it picking asks it to go round again.
   */
  private void copyTail() {
    if (copyRequests.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    long recheck = 0;
    do {
      TailCopies.Picks picks = tailCopies.choose(activeCalls, System.nanoTime());
      for (TailCopies.Pick pick : picks.picks()) {
        startCopy(pick.original(), pick.target());
      }
      recheck = picks.recheckNanos();
      missed = copyRequests.addAndGet(-missed);
    } while (missed != 0);
    if (recheck > 0 && copyRecheckPending.compareAndSet(false, true)) {
      // originals too young to copy yet: look again when the first of them is old enough, even if
      // no response arrives meanwhile
      try {
        scheduler.schedule(
            Duration.ofNanos(recheck),
            () -> {
              copyRecheckPending.set(false);
              if (!closed.get()) {
                copyTail();
              }
            });
      } catch (RuntimeException e) {
        copyRecheckPending.set(false);
      }
    }
  }

  private void startCopy(SampleCall original, Replica target) {
    SampleCall copy;
    synchronized (original) {
      if (original.result.isDone() || original.cancelled || original.copy != null) {
        return;
      }
      copy = new SampleCall(original, target);
      original.copy = copy;
    }
    tailCopies.started();
    activeCalls.add(copy);
    copy.result.whenComplete((generations, error) -> activeCalls.remove(copy));
    guarded(copy, () -> attempt(copy));
    if (original.result.isDone()) {
      // the original answered while the copy was being set up
      cancel(copy);
    }
  }

  /**
   * Stops a call whose other half (original or copy) answered: its request is cancelled, which
   * closes the connection (the server aborts it, spec §4.8); its permit goes back when the exchange
   * ends, a wait for a permit or a backoff ends without sending.
   */
  private void cancel(SampleCall call) {
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

  /**
   * The most sequences one request may carry: with leased shares, no more than the smallest share
   * of a replica, so a request never needs more than the lease that admits it.
   */
  int largestRequest() {
    int cap = config.maxInFlightPerReplica();
    int largest = config.leasedCaps() ? Math.max(1, cap / config.capShards()) : cap;
    return Math.min(config.samplesPerRequest(), largest);
  }

  /**
   * Requests one sample. The future never completes exceptionally: a request that fails for good
   * yields a {@link Generation} whose {@code errorClass} says why.
   */
  public CompletableFuture<Generation> generate(
      SampleRequest request, PromptTemplate template, SamplingParams params) {
    return start(List.of(request), template, params).thenApply(generations -> generations.get(0));
  }

  /**
   * Requests consecutive samples of one problem, {@code samplesPerRequest} (at most {@code
   * maxInFlightPerReplica}, and with leased caps at most the smallest share) per HTTP request: each
   * request has {@code n} = its number of samples and the seed of its first sample, and since vLLM
   * gives choice i the seed + i (spec §9), the samples are the same as with one request each.
   * Greedy sampling (temperature 0) must have n = 1, so it sends one request per sample.
   * Generations come back in the order of {@code samples}; the future never completes
   * exceptionally.
   *
   * @throws IllegalArgumentException when {@code samples} is empty, mixes problems, or its seeds
   *     are not consecutive ({@code seed, seed + 1, ...})
   */
  public CompletableFuture<List<Generation>> generateBatch(
      List<SampleRequest> samples, PromptTemplate template, SamplingParams params) {
    requireOneProblemWithConsecutiveSeeds(samples);
    int perRequest = params.temperature() == 0 ? 1 : largestRequest();
    List<CompletableFuture<List<Generation>>> parts = new ArrayList<>();
    for (int from = 0; from < samples.size(); from += perRequest) {
      parts.add(
          start(
              samples.subList(from, Math.min(samples.size(), from + perRequest)),
              template,
              params));
    }
    return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
        .thenApply(
            done -> {
              List<Generation> all = new ArrayList<>(samples.size());
              parts.forEach(part -> all.addAll(part.join()));
              return List.copyOf(all);
            });
  }

  private static void requireOneProblemWithConsecutiveSeeds(List<SampleRequest> samples) {
    if (samples == null || samples.isEmpty()) {
      throw new IllegalArgumentException("generateBatch needs at least one sample");
    }
    SampleRequest first = samples.get(0);
    for (int i = 1; i < samples.size(); i++) {
      SampleRequest sample = samples.get(i);
      if (!sample.problemKey().equals(first.problemKey())
          || !sample.problem().equals(first.problem())) {
        throw new IllegalArgumentException(
            "generateBatch samples must share one problem: "
                + first.problemKey()
                + " vs "
                + sample.problemKey());
      }
      if (sample.seed() != first.seed() + i) {
        throw new IllegalArgumentException(
            "generateBatch seeds must be consecutive: sample "
                + i
                + " has seed "
                + sample.seed()
                + ", expected "
                + (first.seed() + i));
      }
    }
  }

  private CompletableFuture<List<Generation>> start(
      List<SampleRequest> requests, PromptTemplate template, SamplingParams params) {
    SampleRequest first = requests.get(0);
    SampleCall call =
        new SampleCall(
            requests,
            template,
            params,
            replicas.orderFor(first.problemKey()),
            first.problemKey() + "#" + config.api() + "#" + template.hashCode());
    activeCalls.add(call);
    call.result.whenComplete((generations, error) -> activeCalls.remove(call));
    guarded(call, () -> attempt(call));
    return call.result;
  }

  /** Current counters. */
  public ClientStats stats() {
    Map<String, Long> failed = new HashMap<>();
    failures.forEach((errorClass, count) -> failed.put(errorClass.name(), count.sum()));
    Map<String, Integer> inFlight = new LinkedHashMap<>();
    Map<String, Integer> maxInFlight = new LinkedHashMap<>();
    Map<String, Integer> waiting = new LinkedHashMap<>();
    Map<String, Double> windows = new LinkedHashMap<>();
    Set<String> unhealthy = new HashSet<>();
    for (Replica replica : replicas.all()) {
      windows.put(replica.baseUrl(), replica.permits().window());
      inFlight.put(replica.baseUrl(), replica.permits().inFlight());
      maxInFlight.put(replica.baseUrl(), replica.permits().maxInFlight());
      waiting.put(replica.baseUrl(), replica.permits().waiting());
      if (!replica.healthy()) {
        unhealthy.add(replica.baseUrl());
      }
    }
    return new ClientStats(
        requestsSent.sum(),
        retries.sum(),
        succeeded.sum(),
        failed,
        inFlight,
        maxInFlight,
        waiting,
        unhealthy,
        maxTokensCapped.sum(),
        windows,
        budgetWaits.sum());
  }

  /**
   * Releases this reference. A shared client shuts down when its last user closes it; requests
   * still open then complete as failed ({@code CONNECTION}, "client closed").
   */
  @Override
  public void close() {
    if (!shared) {
      shutdown();
      return;
    }
    synchronized (SHARED) {
      SharedEntry entry = SHARED.get(config);
      if (entry == null || entry.client != this || --entry.references > 0) {
        return;
      }
      SHARED.remove(config);
    }
    shutdown();
  }

  private void shutdown() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    replicas.all().forEach(replica -> replica.permits().close());
    for (SampleCall call : List.copyOf(activeCalls)) {
      fail(call, ErrorClass.CONNECTION, "client closed");
    }
    if (ownedScheduler != null) {
      ownedScheduler.shutdownNow();
    }
    synchronized (this) {
      if (streamTimer != null) {
        streamTimer.shutdownNow();
      }
    }
  }

  // ---- one attempt: model name -> context window -> permit -> HTTP -> outcome ----

  private void attempt(SampleCall call) {
    if (call.cancelled) {
      return;
    }
    if (closed.get()) {
      fail(call, lastClassOr(call, ErrorClass.CONNECTION), "client closed");
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
                              new AttemptFailure(
                                  ErrorClass.CONNECTION,
                                  AttemptFailure.describe(error),
                                  null,
                                  false));
                        } else {
                          call.model = model;
                          attempt(call);
                        }
                      }));
      return;
    }
    Replica replica = call.pinned != null ? call.pinned : replicas.choose(call.order, call.avoid);
    call.pinned = null;
    call.replica = replica;
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
      Replica alternative = replicas.choose(call.order, call.avoid);
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
        fail(
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
                        fail(call, lastClassOr(call, ErrorClass.CONNECTION), "client closed");
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
      budgetWaits.increment();
      scheduler.schedule(wait, () -> guarded(call, () -> send(call, replica, permit, maxTokens)));
    }
  }

  /** Refunds the tokens charged for the last attempt beyond those it generated. */
  private void settleTokens(SampleCall call, Replica replica, long generated) {
    long unused = call.tokensCharged - generated;
    call.tokensCharged = 0;
    replica.refundTokens(unused);
  }

  private void send(SampleCall call, Replica replica, PermitQueue.Permit permit, int maxTokens) {
    if (call.cancelled) {
      replica.permits().release(permit);
      settleTokens(call, replica, 0);
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
    requestsSent.increment();
    if (maxTokens < call.params.maxTokens()) {
      maxTokensCapped.increment();
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
      cancel(call);
    }
    response.whenComplete(
        (answer, error) -> {
          call.sending = false;
          if (call.cancelled) {
            releaseAfterAbort(replica, permit);
            guarded(call, () -> settleTokens(call, replica, 0));
            return;
          }
          replica.permits().release(permit);
          guarded(
              call,
              () -> {
                if (call.cancelled) {
                  settleTokens(call, replica, 0);
                  return;
                }
                if (error != null || answer.statusCode() < 200 || answer.statusCode() >= 300) {
                  settleTokens(call, replica, 0);
                }
                if (error != null) {
                  onTransportError(
                      call,
                      replica,
                      AttemptFailure.rootCause(error),
                      responseStarted.get(),
                      timeout);
                } else {
                  onResponse(call, replica, answer, started);
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

  private void onTransportError(
      SampleCall call,
      Replica replica,
      Throwable error,
      boolean responseStarted,
      Duration timeout) {
    if (error instanceof StreamErrorEventException event) {
      // spec §5: a failure after streaming began is an in-band error event on the 200 response
      health.failed(replica);
      retryOrFail(
          call,
          new AttemptFailure(
              event.status() == 429 || event.status() == 408
                  ? ErrorClass.RATE_LIMITED
                  : event.status() >= 500 ? ErrorClass.SERVER_ERROR : ErrorClass.BAD_REQUEST,
              "error event in the stream from " + replica.baseUrl() + ": " + event.getMessage(),
              null,
              true));
      return;
    }
    if (error instanceof MalformedResponseException) {
      retryOrFail(
          call,
          new AttemptFailure(
              ErrorClass.MALFORMED_RESPONSE,
              "unusable stream from " + replica.baseUrl() + ": " + error.getMessage(),
              null,
              false));
      return;
    }
    if (error instanceof StreamIdleTimeoutException idle) {
      // a stream that stops mid-generation points at a sick replica rather than a full one
      health.failed(replica);
      replica.pace().timedOut();
      retryOrFail(
          call,
          new AttemptFailure(
              ErrorClass.TIMEOUT,
              "stream from "
                  + replica.baseUrl()
                  + (idle.beforeFirstByte() ? " sent nothing for " : " went silent for ")
                  + idle.limit(),
              null,
              true));
      return;
    }
    if (error instanceof HttpConnectTimeoutException || error instanceof ConnectException) {
      health.failed(replica);
      retryOrFail(
          call,
          new AttemptFailure(
              ErrorClass.CONNECTION,
              replica.baseUrl() + ": " + AttemptFailure.describe(error),
              null,
              true));
    } else if (error instanceof HttpTimeoutException) {
      replica.permits().congested(call.permit);
      replica.pace().timedOut();
      retryOrFail(
          call,
          new AttemptFailure(
              ErrorClass.TIMEOUT,
              "no response from " + replica.baseUrl() + " within " + timeout,
              null,
              false));
    } else if (error instanceof IOException
        && !responseStarted
        && !call.staleRetryUsed
        && call.attempts < config.maxAttempts()) {
      // A pooled connection the server closed while idle (spec §1.2): once, at once, same replica.
      call.staleRetryUsed = true;
      call.lastFailure =
          new AttemptFailure(ErrorClass.CONNECTION, AttemptFailure.describe(error), null, false);
      retries.increment();
      call.pinned = replica;
      attempt(call);
    } else {
      health.failed(replica);
      retryOrFail(
          call,
          new AttemptFailure(
              ErrorClass.CONNECTION,
              replica.baseUrl() + ": " + AttemptFailure.describe(error),
              null,
              true));
    }
  }

  private void onResponse(
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
          retryOrFail(
              call,
              new AttemptFailure(
                  ErrorClass.MALFORMED_RESPONSE,
                  "unusable 200 from " + replica.baseUrl() + ": " + e.getMessage(),
                  null,
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
        retryOrFail(
            call,
            new AttemptFailure(
                ErrorClass.SERVER_ERROR,
                "finish_reason " + finish + " from " + replica.baseUrl(),
                null,
                true));
        return;
      }
      succeed(call, replica, completions, started);
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
      retryOrFail(call, new AttemptFailure(ErrorClass.SERVER_ERROR, detail, retryAfter, true));
      return;
    }
    replica.recordAnswer();
    if (status == 408 || status == 429) {
      retryOrFail(call, new AttemptFailure(ErrorClass.RATE_LIMITED, detail, retryAfter, false));
    } else if (ContextOverflow.matches(status, error.message())) {
      onContextOverflow(call, replica, error.message(), detail);
    } else {
      fail(call, ErrorClass.BAD_REQUEST, detail);
    }
  }

  /** Spec §4.3: learn the prompt length, retry once with max_tokens = what fits, never loop. */
  private void onContextOverflow(SampleCall call, Replica replica, String message, String detail) {
    Optional<ContextOverflow> overflow = ContextOverflow.parse(message);
    if (call.overflowRetryUsed || overflow.isEmpty()) {
      fail(call, ErrorClass.CONTEXT_OVERFLOW, detail);
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
            guarded(
                call,
                () -> {
                  if (prompt.isEmpty()) {
                    fail(call, ErrorClass.CONTEXT_OVERFLOW, detail + " (prompt length unknown)");
                    return;
                  }
                  promptLengths.remember(call.promptKey, prompt.getAsInt());
                  int budget = limits.outputBudget(prompt.getAsInt());
                  if (budget < 1 || budget >= call.sentMaxTokens) {
                    fail(call, ErrorClass.CONTEXT_OVERFLOW, detail);
                  } else if (call.attempts >= config.maxAttempts()) {
                    fail(call, ErrorClass.CONTEXT_OVERFLOW, detail + " (no attempts left)");
                  } else {
                    call.maxTokensCeiling = budget;
                    call.lastFailure =
                        new AttemptFailure(ErrorClass.CONTEXT_OVERFLOW, detail, null, false);
                    retries.increment();
                    call.pinned = replica;
                    attempt(call);
                  }
                }));
  }

  private void retryOrFail(SampleCall call, AttemptFailure failure) {
    call.lastFailure = failure;
    if (call.original != null) {
      // a tail copy is tried once; its original goes on
      fail(call, failure.errorClass(), failure.message());
      return;
    }
    if (failure.tryNextReplica() && call.replica != null) {
      call.avoid.add(call.replica);
    }
    if (closed.get() || call.attempts >= config.maxAttempts()) {
      String suffix = call.attempts > 1 ? " (after " + call.attempts + " attempts)" : "";
      fail(call, failure.errorClass(), failure.message() + suffix);
      return;
    }
    retries.increment();
    call.backoffs++;
    Duration delay = backoff.delay(call.backoffs, failure.retryAfter());
    try {
      scheduler.schedule(delay, () -> guarded(call, () -> attempt(call)));
    } catch (RuntimeException e) {
      fail(call, failure.errorClass(), failure.message() + " (retry not possible: " + e + ")");
    }
  }

  private void succeed(
      SampleCall call, Replica replica, List<Completion> completions, long started) {
    long latencyNanos = System.nanoTime() - started;
    int longest = 0;
    long generated = 0;
    for (Completion completion : completions) {
      longest = Math.max(longest, completion.completionTokens());
      generated += completion.completionTokens();
    }
    settleTokens(call, replica, generated);
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
    succeeded.add(call.sequences());
    if (call.original != null) {
      tailCopies.won();
      call.result.complete(answer);
      cancel(call.original);
    } else if (call.copy != null) {
      cancel(call.copy);
    }
    original.result.complete(answer);
  }

  private void fail(SampleCall call, ErrorClass errorClass, String message) {
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
      failures.computeIfAbsent(held.errorClass(), key -> new LongAdder()).add(call.sequences());
      call.result.complete(held.generations());
    }
  }

  /** Runs a step of a call; a bug in it ends the call instead of leaving its future open. */
  private void guarded(SampleCall call, Runnable step) {
    try {
      step.run();
    } catch (RuntimeException | Error e) {
      fail(call, lastClassOr(call, ErrorClass.CONNECTION), "client error: " + e);
      if (e instanceof Error) {
        throw (Error) e;
      }
    }
  }

  private static ErrorClass lastClassOr(SampleCall call, ErrorClass fallback) {
    return call.lastFailure == null ? fallback : call.lastFailure.errorClass();
  }

  private static final class SharedEntry {
    final OpenAiClient client;
    int references;

    SharedEntry(OpenAiClient client) {
      this.client = client;
    }
  }
}
