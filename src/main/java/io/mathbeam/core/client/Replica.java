package io.mathbeam.core.client;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One server endpoint: its in-flight permits, health state, cached model cards and generation pace.
 */
final class Replica {
  private final String baseUrl;
  private final int maxInFlight;
  private final PermitQueue permits;
  private final int unhealthyAfterFailures;
  private final AtomicReference<CompletableFuture<List<ModelCard>>> models =
      new AtomicReference<>();
  private final GenerationPace pace = new GenerationPace();
  private final RateBudget requestBudget;
  private final RateBudget tokenBudget;
  private final AtomicLong expectedTokens = new AtomicLong();
  private volatile boolean healthy = true;
  private volatile boolean tokenizeMissing;
  private int consecutiveFailures;
  private double rateShare;

  Replica(String baseUrl, int maxInFlight, int unhealthyAfterFailures) {
    this(baseUrl, maxInFlight, unhealthyAfterFailures, 0, 0, false);
  }

  /**
   * @param leased whether this client holds only leased shares of the limits: then it starts with a
   *     cap of 0 and rates of 0, raised by {@link #addShare}
   */
  Replica(
      String baseUrl,
      int maxInFlight,
      int unhealthyAfterFailures,
      double requestsPerSecond,
      double tokensPerSecond,
      boolean leased) {
    this.baseUrl = baseUrl;
    this.maxInFlight = maxInFlight;
    this.permits = new PermitQueue(leased ? 0 : maxInFlight);
    this.unhealthyAfterFailures = unhealthyAfterFailures;
    this.requestBudget = new RateBudget(requestsPerSecond, System::nanoTime);
    this.tokenBudget = new RateBudget(tokensPerSecond, System::nanoTime);
    this.rateShare = leased ? 0 : 1;
    requestBudget.setShare(rateShare);
    tokenBudget.setShare(rateShare);
  }

  String baseUrl() {
    return baseUrl;
  }

  PermitQueue permits() {
    return permits;
  }

  /**
   * Adds (or, negative, removes) the expected completion tokens of requests sent here: what this
   * replica still has to generate as far as the dispatch order knows ({@link ReplicaSet}).
   */
  void addExpectedTokens(long tokens) {
    expectedTokens.addAndGet(tokens);
  }

  /** The expected completion tokens of the requests out on this replica now. */
  long expectedTokens() {
    return expectedTokens.get();
  }

  /** The configured cap of sequences in flight, job-wide when the client leases shares of it. */
  int maxInFlight() {
    return maxInFlight;
  }

  /**
   * Adds a leased share of this replica's limits: {@code sequences} of the in-flight cap and {@code
   * rateFraction} of the request and token rates; negative values give a share back.
   */
  void addShare(int sequences, double rateFraction) {
    synchronized (this) {
      rateShare = Math.max(0, rateShare + rateFraction);
      double share = rateShare < 1e-9 ? 0 : Math.min(1, rateShare);
      requestBudget.setShare(share);
      tokenBudget.setShare(share);
    }
    // outside this lock: raising the cap completes waiting acquisitions on this thread
    permits.addCapacity(sequences);
  }

  GenerationPace pace() {
    return pace;
  }

  /**
   * Reserves one request and {@code tokens} generated tokens against this replica's budgets; the
   * result is how long to wait before sending.
   */
  Duration reserveBudget(long tokens) {
    Duration forRequest = requestBudget.reserve(1);
    Duration forTokens = tokenBudget.reserve(tokens);
    return forRequest.compareTo(forTokens) >= 0 ? forRequest : forTokens;
  }

  /** Returns tokens reserved by {@link #reserveBudget} that were not generated. */
  void refundTokens(long tokens) {
    tokenBudget.refund(tokens);
  }

  /** Whether {@code POST /tokenize} answered 404/405 here. */
  boolean tokenizeMissing() {
    return tokenizeMissing;
  }

  void markTokenizeMissing() {
    tokenizeMissing = true;
  }

  boolean healthy() {
    return healthy;
  }

  /** Counts a connection failure or 5xx; true when this one ejected the replica. */
  synchronized boolean recordFailure() {
    consecutiveFailures++;
    if (healthy && consecutiveFailures >= unhealthyAfterFailures) {
      healthy = false;
      return true;
    }
    return false;
  }

  /** The replica answered with something other than a 5xx. */
  synchronized void recordAnswer() {
    consecutiveFailures = 0;
  }

  /** Marks the replica healthy; true when it had been ejected. */
  synchronized boolean readmit() {
    consecutiveFailures = 0;
    boolean wasEjected = !healthy;
    healthy = true;
    return wasEjected;
  }

  /**
   * The replica's model cards, fetched once with {@code fetch}; a failed fetch is forgotten so the
   * next caller tries again.
   */
  CompletableFuture<List<ModelCard>> models(Supplier<CompletableFuture<List<ModelCard>>> fetch) {
    CompletableFuture<List<ModelCard>> existing = models.get();
    if (existing != null) {
      return existing;
    }
    CompletableFuture<List<ModelCard>> fresh = new CompletableFuture<>();
    if (!models.compareAndSet(null, fresh)) {
      return models.get();
    }
    fetch
        .get()
        .whenComplete(
            (cards, error) -> {
              if (error != null) {
                models.compareAndSet(fresh, null);
                fresh.completeExceptionally(error);
              } else {
                fresh.complete(cards);
              }
            });
    return fresh;
  }

  @Override
  public String toString() {
    return baseUrl;
  }
}
