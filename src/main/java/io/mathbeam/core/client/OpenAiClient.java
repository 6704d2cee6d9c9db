package io.mathbeam.core.client;

import io.mathbeam.core.concurrent.DaemonThreads;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

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
  private static final SharedClients SHARED = new SharedClients();
  private static final int PROMPT_LENGTH_CACHE = 4096;

  private final ClientConfig config;
  private final ScheduledExecutorService ownedScheduler;
  private final ReplicaSet replicas;
  private final TailCopies tailCopies;
  private final boolean shared;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Set<SampleCall> activeCalls = ConcurrentHashMap.newKeySet();
  private final ClientCounters counters = new ClientCounters();
  private final CallResults results;
  private final AttemptLoop loop;
  private final TailCopyStarter copies;
  private final DelayScheduler scheduler;

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
      scheduler = DelayScheduler.of(ownedScheduler);
    } else {
      ownedScheduler = null;
    }
    this.scheduler = scheduler;
    Backoff backoff = new Backoff(config.initialBackoff(), config.maxBackoff(), random);
    // No custom executor: with one, JDK 17's sendAsync hands every response to the default async
    // pool, which on machines with fewer than 3 cores starts a new thread per response.
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(config.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    Duration metadataTimeout =
        config.requestTimeout().compareTo(METADATA_TIMEOUT) < 0
            ? config.requestTimeout()
            : METADATA_TIMEOUT;
    MetadataRequests metadata = new MetadataRequests(http, config.apiKey(), metadataTimeout);
    HealthMonitor health =
        new HealthMonitor(metadata, scheduler, config.healthProbeInterval(), closed::get);
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
    ModelResolver models = new ModelResolver(config.model(), replicas.all(), metadata);
    PromptLengths promptLengths = new PromptLengths(PROMPT_LENGTH_CACHE);
    this.results = new CallResults(health, tailCopies, promptLengths, counters);
    this.loop =
        new AttemptLoop(
            config,
            scheduler,
            backoff,
            http,
            metadata,
            health,
            replicas,
            models,
            promptLengths,
            counters,
            results,
            closed);
    this.copies = new TailCopyStarter(tailCopies, activeCalls, loop, results, scheduler, closed);
  }

  /**
   * The JVM-wide client for {@code config}: equal configs get the same instance. Each call must be
   * paired with one {@link #close()}; the last close shuts the client down.
   */
  public static OpenAiClient shared(ClientConfig config) {
    return SHARED.acquire(config, () -> new OpenAiClient(config, null, new Random(), true));
  }

  /** The settings this client was built with. */
  public ClientConfig config() {
    return config;
  }

  /** The scheduler of the client's delayed work (backoff, probes, a dispatcher's gathering). */
  DelayScheduler scheduler() {
    return scheduler;
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
      copies.copyTail();
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
    return generate(request, template, params, ExpectedLength.UNKNOWN);
  }

  /**
   * As {@link #generate(SampleRequest, PromptTemplate, SamplingParams)}, with what the dispatch
   * order expects of the sample: a long one is routed by expected work ({@link ReplicaSet}).
   */
  public CompletableFuture<Generation> generate(
      SampleRequest request,
      PromptTemplate template,
      SamplingParams params,
      ExpectedLength expected) {
    return start(List.of(request), template, params, expected)
        .thenApply(generations -> generations.get(0));
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
    return generateBatch(samples, template, params, ExpectedLength.UNKNOWN);
  }

  /** As {@link #generateBatch(List, PromptTemplate, SamplingParams)}, with an expectation. */
  public CompletableFuture<List<Generation>> generateBatch(
      List<SampleRequest> samples,
      PromptTemplate template,
      SamplingParams params,
      ExpectedLength expected) {
    requireOneProblemWithConsecutiveSeeds(samples);
    int perRequest = params.temperature() == 0 ? 1 : largestRequest();
    List<CompletableFuture<List<Generation>>> parts = new ArrayList<>();
    for (int from = 0; from < samples.size(); from += perRequest) {
      parts.add(
          start(
              samples.subList(from, Math.min(samples.size(), from + perRequest)),
              template,
              params,
              expected));
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
      List<SampleRequest> requests,
      PromptTemplate template,
      SamplingParams params,
      ExpectedLength expected) {
    SampleRequest first = requests.get(0);
    SampleCall call =
        new SampleCall(
            requests,
            template,
            params,
            replicas.orderFor(first.problemKey()),
            first.problemKey() + "#" + config.api() + "#" + template.hashCode());
    call.expected = expected;
    activeCalls.add(call);
    call.result.whenComplete(
        (generations, error) -> {
          activeCalls.remove(call);
          call.releaseExpected();
        });
    loop.start(call);
    return call.result;
  }

  /** Current counters. */
  public ClientStats stats() {
    return counters.snapshot(replicas);
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
    if (SHARED.release(config, this)) {
      shutdown();
    }
  }

  private void shutdown() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    replicas.all().forEach(replica -> replica.permits().close());
    for (SampleCall call : List.copyOf(activeCalls)) {
      results.fail(call, ErrorClass.CONNECTION, "client closed");
    }
    if (ownedScheduler != null) {
      ownedScheduler.shutdownNow();
    }
    loop.shutdown();
  }
}
