package io.mathbeam.core.client;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Settings of an {@link OpenAiClient}. Endpoint URLs are normalised (trailing {@code /} and {@code
 * /v1} removed), so configs that differ only in that spelling are equal and share one client.
 * {@link #toString()} never shows the API key.
 *
 * @param endpoints replica base URLs, e.g. {@code http://gpu-3:8000}
 * @param model served model name; null to use the first id of {@code GET /v1/models}
 * @param apiKey sent as {@code Authorization: Bearer}; null for none
 * @param maxInFlightPerReplica hard cap on the sequences (a request with n choices counts n) one
 *     JVM keeps open against one replica; the adaptive window stays at or below it
 * @param maxAttempts HTTP attempts per sample, first try included
 * @param requestTimeout limit for one attempt, queueing and generation on the server included
 * @param healthProbeInterval how often an ejected replica's {@code /health} is probed
 * @param unhealthyAfterFailures consecutive connection failures / 5xx that eject a replica
 * @param samplesPerRequest most samples of one problem sent as one request ({@code n}) by {@link
 *     OpenAiClient#generateBatch}; 1 sends one request per sample
 * @param timeoutBase fixed part (queueing, prefill) of an attempt timeout sized from max_tokens and
 *     the replica's observed pace
 * @param minRequestTimeout lower bound of such a timeout; set it to {@code requestTimeout} to
 *     always use {@code requestTimeout}
 * @param requestsPerSecond budget of requests started per second per replica (token bucket with a
 *     one-second burst); 0 for none
 * @param tokensPerSecond budget of generated tokens per second per replica: a request is charged
 *     its max_tokens times n when it starts and refunded the tokens it did not generate; 0 for none
 * @param stream request {@code stream: true} and read the answer as server-sent events
 * @param streamIdleTimeout a streamed attempt fails when no byte arrives for this long
 * @param capShards 0: the in-flight cap and the rates hold per client (per JVM when shared); S > 0:
 *     they hold for the whole job, split into S fixed shares (shards) of which this client uses
 *     only those it leases ({@link OpenAiClient#lease}); at most {@code maxInFlightPerReplica}
 * @param dispatchPolicy the order in which a {@link GenerationDispatcher} sends pending samples
 * @param tailCopies at the end of a run, copy the samples still running on a slow replica to faster
 *     replicas with free slots and keep the first answer ({@link TailCopies})
 */
public record ClientConfig(
    List<String> endpoints,
    Api api,
    String model,
    String apiKey,
    int maxInFlightPerReplica,
    int maxAttempts,
    Duration initialBackoff,
    Duration maxBackoff,
    Duration requestTimeout,
    Duration connectTimeout,
    Duration healthProbeInterval,
    int unhealthyAfterFailures,
    int samplesPerRequest,
    Duration timeoutBase,
    Duration minRequestTimeout,
    double requestsPerSecond,
    double tokensPerSecond,
    boolean stream,
    Duration streamIdleTimeout,
    int capShards,
    DispatchPolicy dispatchPolicy,
    boolean tailCopies)
    implements Serializable {

  public ClientConfig {
    Objects.requireNonNull(endpoints, "endpoints");
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("at least one endpoint is required");
    }
    List<String> normalized = new ArrayList<>();
    for (String endpoint : endpoints) {
      String base = normalize(endpoint);
      if (normalized.contains(base)) {
        throw new IllegalArgumentException("duplicate endpoint " + base);
      }
      normalized.add(base);
    }
    endpoints = List.copyOf(normalized);
    api = api == null ? Api.CHAT : api;
    model = model == null || model.isEmpty() ? null : model;
    apiKey = apiKey == null || apiKey.isEmpty() ? null : apiKey;
    requirePositive(maxInFlightPerReplica, "maxInFlightPerReplica");
    requirePositive(maxAttempts, "maxAttempts");
    requirePositive(unhealthyAfterFailures, "unhealthyAfterFailures");
    requirePositive(samplesPerRequest, "samplesPerRequest");
    requireNonNegative(timeoutBase, "timeoutBase");
    requirePositiveDuration(minRequestTimeout, "minRequestTimeout");
    requireNonNegative(initialBackoff, "initialBackoff");
    requireNonNegative(maxBackoff, "maxBackoff");
    requirePositiveDuration(requestTimeout, "requestTimeout");
    requirePositiveDuration(connectTimeout, "connectTimeout");
    requirePositiveDuration(healthProbeInterval, "healthProbeInterval");
    requireRate(requestsPerSecond, "requestsPerSecond");
    requireRate(tokensPerSecond, "tokensPerSecond");
    requirePositiveDuration(streamIdleTimeout, "streamIdleTimeout");
    dispatchPolicy = dispatchPolicy == null ? DispatchPolicy.LONGEST_FIRST : dispatchPolicy;
    if (capShards < 0 || capShards > maxInFlightPerReplica) {
      throw new IllegalArgumentException(
          "capShards must be between 0 and maxInFlightPerReplica ("
              + maxInFlightPerReplica
              + "), got "
              + capShards);
    }
  }

  /** Whether the caps hold job-wide and this client holds only the shards it leases. */
  public boolean leasedCaps() {
    return capShards > 0;
  }

  /** A builder with the defaults for the given replica base URLs. */
  public static Builder builder(List<String> endpoints) {
    return new Builder(endpoints);
  }

  /** The defaults for the given replica base URLs. */
  public static ClientConfig of(String... endpoints) {
    return builder(List.of(endpoints)).build();
  }

  /** A builder pre-filled with this config's values. */
  public Builder toBuilder() {
    return toBuilder(endpoints);
  }

  /** A builder pre-filled with this config's values but for other endpoints. */
  public Builder toBuilder(List<String> otherEndpoints) {
    return new Builder(otherEndpoints)
            .api(api)
            .model(model)
            .apiKey(apiKey)
            .maxInFlightPerReplica(maxInFlightPerReplica)
            .maxAttempts(maxAttempts)
            .initialBackoff(initialBackoff)
            .maxBackoff(maxBackoff)
            .requestTimeout(requestTimeout)
            .connectTimeout(connectTimeout)
            .healthProbeInterval(healthProbeInterval)
            .unhealthyAfterFailures(unhealthyAfterFailures)
            .samplesPerRequest(samplesPerRequest)
            .timeoutBase(timeoutBase)
            .minRequestTimeout(minRequestTimeout)
            .requestsPerSecond(requestsPerSecond)
            .tokensPerSecond(tokensPerSecond)
            .stream(stream)
            .streamIdleTimeout(streamIdleTimeout)
            .capShards(capShards)
            .dispatchPolicy(dispatchPolicy)
            .tailCopies(tailCopies);
  }

  @Override
  public String toString() {
    return "ClientConfig[endpoints="
        + endpoints
        + ", api="
        + api
        + ", model="
        + model
        + ", apiKey="
        + (apiKey == null ? "none" : "***")
        + ", maxInFlightPerReplica="
        + maxInFlightPerReplica
        + ", maxAttempts="
        + maxAttempts
        + ", initialBackoff="
        + initialBackoff
        + ", maxBackoff="
        + maxBackoff
        + ", requestTimeout="
        + requestTimeout
        + ", connectTimeout="
        + connectTimeout
        + ", samplesPerRequest="
        + samplesPerRequest
        + ", timeoutBase="
        + timeoutBase
        + ", minRequestTimeout="
        + minRequestTimeout
        + ", requestsPerSecond="
        + requestsPerSecond
        + ", tokensPerSecond="
        + tokensPerSecond
        + ", stream="
        + stream
        + ", streamIdleTimeout="
        + streamIdleTimeout
        + ", capShards="
        + capShards
        + ", dispatchPolicy="
        + dispatchPolicy
        + ", tailCopies="
        + tailCopies
        + "]";
  }

  static String normalize(String endpoint) {
    Objects.requireNonNull(endpoint, "endpoint");
    String base = endpoint.trim();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    if (base.endsWith("/v1")) {
      base = base.substring(0, base.length() - 3);
    }
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    if (!base.startsWith("http://") && !base.startsWith("https://")) {
      throw new IllegalArgumentException("endpoint must be an http(s) URL: " + endpoint);
    }
    return base;
  }

  private static void requirePositive(int value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1, got " + value);
    }
  }

  private static void requireRate(double value, String name) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
    }
  }

  private static void requireNonNegative(Duration value, String name) {
    if (value == null || value.isNegative()) {
      throw new IllegalArgumentException(name + " must be >= 0, got " + value);
    }
  }

  private static void requirePositiveDuration(Duration value, String name) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be > 0, got " + value);
    }
  }

  /** Fluent construction with defaults. */
  public static final class Builder {
    private final List<String> endpoints;
    private Api api = Api.CHAT;
    private String model;
    private String apiKey;
    private int maxInFlightPerReplica = 64;
    private int maxAttempts = 6;
    private Duration initialBackoff = Duration.ofMillis(500);
    private Duration maxBackoff = Duration.ofSeconds(30);
    private Duration requestTimeout = Duration.ofMinutes(30);
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration healthProbeInterval = Duration.ofSeconds(2);
    private int unhealthyAfterFailures = 3;
    private int samplesPerRequest = 1;
    private Duration timeoutBase = Duration.ofSeconds(30);
    private Duration minRequestTimeout = Duration.ofMinutes(2);
    private double requestsPerSecond;
    private double tokensPerSecond;
    private int capShards;
    private DispatchPolicy dispatchPolicy = DispatchPolicy.LONGEST_FIRST;
    private boolean tailCopies = true;
    private boolean stream;
    private Duration streamIdleTimeout = Duration.ofSeconds(60);

    private Builder(List<String> endpoints) {
      this.endpoints = List.copyOf(endpoints);
    }

    public Builder api(Api value) {
      api = value;
      return this;
    }

    public Builder model(String value) {
      model = value;
      return this;
    }

    public Builder apiKey(String value) {
      apiKey = value;
      return this;
    }

    public Builder maxInFlightPerReplica(int value) {
      maxInFlightPerReplica = value;
      return this;
    }

    public Builder maxAttempts(int value) {
      maxAttempts = value;
      return this;
    }

    public Builder initialBackoff(Duration value) {
      initialBackoff = value;
      return this;
    }

    public Builder maxBackoff(Duration value) {
      maxBackoff = value;
      return this;
    }

    public Builder requestTimeout(Duration value) {
      requestTimeout = value;
      return this;
    }

    public Builder connectTimeout(Duration value) {
      connectTimeout = value;
      return this;
    }

    public Builder healthProbeInterval(Duration value) {
      healthProbeInterval = value;
      return this;
    }

    public Builder unhealthyAfterFailures(int value) {
      unhealthyAfterFailures = value;
      return this;
    }

    public Builder samplesPerRequest(int value) {
      samplesPerRequest = value;
      return this;
    }

    public Builder timeoutBase(Duration value) {
      timeoutBase = value;
      return this;
    }

    public Builder minRequestTimeout(Duration value) {
      minRequestTimeout = value;
      return this;
    }

    public Builder requestsPerSecond(double value) {
      requestsPerSecond = value;
      return this;
    }

    public Builder tokensPerSecond(double value) {
      tokensPerSecond = value;
      return this;
    }

    public Builder stream(boolean value) {
      stream = value;
      return this;
    }

    public Builder streamIdleTimeout(Duration value) {
      streamIdleTimeout = value;
      return this;
    }

    public Builder capShards(int value) {
      capShards = value;
      return this;
    }

    public Builder dispatchPolicy(DispatchPolicy value) {
      dispatchPolicy = value;
      return this;
    }

    public Builder tailCopies(boolean value) {
      tailCopies = value;
      return this;
    }

    public ClientConfig build() {
      return new ClientConfig(
          endpoints,
          api,
          model,
          apiKey,
          maxInFlightPerReplica,
          maxAttempts,
          initialBackoff,
          maxBackoff,
          requestTimeout,
          connectTimeout,
          healthProbeInterval,
          unhealthyAfterFailures,
          samplesPerRequest,
          timeoutBase,
          minRequestTimeout,
          requestsPerSecond,
          tokensPerSecond,
          stream,
          streamIdleTimeout,
          capShards,
          dispatchPolicy,
          tailCopies);
    }
  }
}
