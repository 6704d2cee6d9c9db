package io.mathbeam.core.sim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A fleet of simulated vLLM replicas on loopback ports, each a real HTTP/1.1 server that follows
 * the wire behaviour of ../shared/specs/openai-server-behavior.md. Clients talk plain HTTP to
 * {@link #endpoints()} and cannot tell it from a real fleet.
 *
 * <pre>{@code
 * try (SimulatedFleet fleet = SimulatedFleet.start(SimConfig.builder().replicas(2).build())) {
 *   List<String> urls = fleet.endpoints(); // http://127.0.0.1:PORT, no trailing slash
 * }
 * }</pre>
 */
public final class SimulatedFleet implements AutoCloseable {
  private final SimConfig config;
  private final RequestLog log;
  private final List<ReplicaServer> replicas;

  private SimulatedFleet(SimConfig config, RequestLog log, List<ReplicaServer> replicas) {
    this.config = config;
    this.log = log;
    this.replicas = replicas;
  }

  /**
   * Starts every replica; returns once all ports accept connections.
   *
   * @throws UncheckedIOException when a port cannot be bound or the request log cannot be opened
   */
  public static SimulatedFleet start(SimConfig config) {
    RequestLog log;
    try {
      log = new RequestLog(config.requestLog());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open request log " + config.requestLog(), e);
    }
    List<ReplicaServer> replicas = new ArrayList<>();
    SimulatedFleet fleet = new SimulatedFleet(config, log, replicas);
    try {
      for (int i = 0; i < config.replicas(); i++) {
        int port = config.basePort() == 0 ? 0 : config.basePort() + i;
        ReplicaServer replica = new ReplicaServer(config, i, port, log);
        replicas.add(replica);
        replica.start();
      }
    } catch (IOException e) {
      fleet.close();
      throw new UncheckedIOException("cannot start simulated replica: " + e.getMessage(), e);
    }
    return fleet;
  }

  public SimConfig config() {
    return config;
  }

  /** Base URLs of the replicas, e.g. {@code http://127.0.0.1:41234}, in replica order. */
  public List<String> endpoints() {
    List<String> out = new ArrayList<>();
    for (ReplicaServer r : replicas) {
      out.add(r.baseUrl());
    }
    return out;
  }

  /** A copy of the request log so far (all replicas, in completion order). */
  public List<RequestLogEntry> requestLog() {
    return log.snapshot();
  }

  /**
   * The candidate answers named by a judge fleet's requests that were answered with status 200, in
   * log order, one per prompt (null for a prompt without a {@code Candidate's final answer:} line);
   * empty for a fleet that is not a judge. A retried request appears once per attempt answered 200
   * (a stream fault strikes after the 200 headers, so a faulted stream counts).
   */
  public List<String> judgedAnswers() {
    List<String> out = new ArrayList<>();
    for (RequestLogEntry e : log.snapshot()) {
      if (e.status() == 200 && e.judgedAnswers() != null) {
        out.addAll(e.judgedAnswers());
      }
    }
    return out;
  }

  /**
   * How many generation requests replica {@code i} answered with status 200 so far (faulted streams
   * included, as in {@link #judgedAnswers()}).
   */
  public int requestsServed(int i) {
    int served = 0;
    for (RequestLogEntry e : log.snapshot()) {
      if (e.replica() == i && e.status() == 200) {
        served++;
      }
    }
    return served;
  }

  /** Stops replica {@code i}: its port refuses connections and in-flight requests are dropped. */
  public void killReplica(int i) {
    replicas.get(i).stop();
  }

  /** Starts replica {@code i} again on the same port, with a fresh engine and metrics. */
  public void restartReplica(int i) {
    try {
      replicas.get(i).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot restart replica " + i + ": " + e.getMessage(), e);
    }
  }

  /**
   * Marks replica {@code i}'s engine dead (or alive again): {@code /health} answers 503 and
   * generation requests 500 {@code EngineCore encountered an issue.}, while the port stays open.
   */
  public void setEngineDead(int i, boolean dead) {
    replicas.get(i).setDead(dead);
  }

  public boolean isRunning(int i) {
    return replicas.get(i).isRunning();
  }

  @Override
  public void close() {
    for (ReplicaServer r : replicas) {
      r.stop();
    }
    try {
      log.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the request log", e);
    }
  }
}
