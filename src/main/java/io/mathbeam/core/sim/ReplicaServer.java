package io.mathbeam.core.sim;

import static io.mathbeam.core.sim.SimExchanges.ENGINE_DEAD;
import static io.mathbeam.core.sim.SimExchanges.errorMessage;
import static io.mathbeam.core.sim.SimExchanges.errorType;
import static io.mathbeam.core.sim.SimExchanges.readJsonBody;
import static io.mathbeam.core.sim.SimExchanges.requireMethod;
import static io.mathbeam.core.sim.SimExchanges.send;
import static io.mathbeam.core.sim.SimExchanges.sendError;
import static io.mathbeam.core.sim.SimExchanges.sendJson;
import static io.mathbeam.core.sim.SimExchanges.sendSlowly;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mathbeam.core.concurrent.DaemonThreads;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One simulated vLLM replica: an HTTP/1.1 server on its own port in front of an {@link EngineLoop}.
 * Generation requests are answered asynchronously: the handler validates, generates the choices,
 * hands the job to the engine and returns; the response is written when the engine finishes the job
 * (streams: as it progresses, see {@link PacedEventStream}), so no thread is held per request in
 * flight.
 */
final class ReplicaServer {
  static {
    // Read once by the JDK's HttpServer when its first instance is created in this JVM. Without
    // TCP_NODELAY the body write waits on the client's delayed ACK (40 ms per response); the
    // idle settings make pooled connections close after ~5 s idle, as uvicorn does (spec §1.2).
    setIfAbsent("sun.net.httpserver.nodelay", "true");
    setIfAbsent("sun.net.httpserver.idleInterval", "5");
    setIfAbsent("sun.net.httpserver.clockTick", "1000");
  }

  private static void setIfAbsent(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }

  private final SimConfig config;
  private final int index;
  private final ReplicaRequestLog log;
  private final SimulatedChoices simulated;
  private final ReplicaEndpoints endpoints;
  private final ResponseBodies bodies;
  private final FaultInjector faults;
  private final AtomicInteger inflight = new AtomicInteger();
  private volatile boolean dead;
  private volatile EngineMetrics metrics = new EngineMetrics();
  private int port;
  private long createdSeconds;
  private HttpServer server;
  private ExecutorService handlers;
  private ScheduledExecutorService responders;
  private EngineLoop engine;

  ReplicaServer(SimConfig config, int index, int port, RequestLog log) {
    this.config = config;
    this.index = index;
    this.port = port;
    this.log = new ReplicaRequestLog(log, index, this::port, config.judge() != null);
    this.simulated = new SimulatedChoices(config, index);
    this.endpoints = new ReplicaEndpoints(config, index);
    this.bodies = new ResponseBodies(config);
    this.faults = new FaultInjector(config, StableHash.combine(config.faultSeed(), index));
  }

  synchronized void start() throws IOException {
    if (server != null) {
      return;
    }
    HttpServer created = HttpServer.create(new InetSocketAddress(config.host(), port), 1024);
    port = created.getAddress().getPort();
    metrics = new EngineMetrics();
    dead = false;
    createdSeconds = System.currentTimeMillis() / 1000;
    handlers = Executors.newFixedThreadPool(4, DaemonThreads.numbered("sim-" + port + "-http"));
    responders =
        Executors.newScheduledThreadPool(4, DaemonThreads.numbered("sim-" + port + "-respond"));
    engine =
        new EngineLoop(
            config.latencyOf(index),
            config.maxNumSeqs(),
            config.timeScale(),
            metrics,
            StableHash.combine(config.serverSeed() ^ 0xE16, index));
    engine.start("sim-" + port + "-engine");
    created.createContext("/", this::handle);
    created.setExecutor(handlers);
    created.start();
    server = created;
  }

  /** Closes the port and every connection; in-flight requests get no response. */
  synchronized void stop() {
    if (server == null) {
      return;
    }
    server.stop(0);
    server = null;
    engine.shutdown();
    handlers.shutdownNow();
    responders.shutdownNow();
  }

  synchronized boolean isRunning() {
    return server != null;
  }

  int port() {
    return port;
  }

  String baseUrl() {
    return "http://" + config.host() + ":" + port;
  }

  void setDead(boolean value) {
    dead = value;
  }

  private void handle(HttpExchange exchange) {
    try {
      route(exchange);
    } catch (RequestRejectedException e) {
      sendError(exchange, bodies, e.status, e.type, e.getMessage());
    } catch (IOException | RuntimeException e) {
      exchange.close();
    }
  }

  private void route(HttpExchange exchange) throws IOException, RequestRejectedException {
    URI uri = exchange.getRequestURI();
    String path = uri.getPath();
    String method = exchange.getRequestMethod();
    if (path.startsWith("/v1") && config.apiKey() != null) {
      String auth = exchange.getRequestHeaders().getFirst("Authorization");
      if (auth == null || !auth.equals("Bearer " + config.apiKey())) {
        send(
            exchange,
            401,
            "application/json",
            "{\"error\":\"Unauthorized\"}".getBytes(StandardCharsets.UTF_8));
        return;
      }
    }
    switch (path) {
      case "/v1/chat/completions":
      case "/v1/completions":
        if (requireMethod(exchange, "POST")) {
          generate(exchange, path.equals("/v1/chat/completions"));
        }
        return;
      case "/v1/models":
        if (requireMethod(exchange, "GET")) {
          sendJson(exchange, 200, endpoints.models(createdSeconds));
        }
        return;
      case "/health":
      case "/ping":
        send(exchange, dead ? 503 : 200, null, new byte[0]);
        return;
      case "/metrics":
      case "/metrics/":
        send(
            exchange,
            200,
            "text/plain; version=0.0.4; charset=utf-8",
            metrics
                .render(config.modelName(), config.latency().kvCapacityTokens())
                .getBytes(StandardCharsets.UTF_8));
        return;
      case "/version":
        sendJson(exchange, 200, Map.of("version", config.version()));
        return;
      case "/load":
        sendJson(exchange, 200, Map.of("server_load", inflight.get()));
        return;
      case "/tokenize":
        if (requireMethod(exchange, "POST")) {
          endpoints.tokenize(exchange);
        }
        return;
      case "/sim/capacity":
        sendJson(exchange, 200, endpoints.capacity(uri.getRawQuery(), metrics));
        return;
      default:
        sendJson(exchange, 404, Map.of("detail", "Not Found"));
    }
  }

  private void generate(HttpExchange exchange, boolean chat) throws IOException {
    long arrival = System.currentTimeMillis();
    String endpoint = chat ? "/v1/chat/completions" : "/v1/completions";
    String headerId = exchange.getRequestHeaders().getFirst("X-Request-Id");
    GenerationRequest request;
    try {
      request =
          GenerationRequest.parse(
              readJsonBody(exchange, config.rejectH2cUpgrade()), chat, config, headerId);
    } catch (RequestRejectedException e) {
      log.rejected(arrival, endpoint, headerId, e.status, null, e.getMessage());
      sendError(exchange, bodies, e.status, e.type, e.getMessage());
      return;
    }
    String id = request.requestId() != null ? request.requestId() : ReplicaEndpoints.randomHex();
    if (dead) {
      log.done(arrival, endpoint, id, request, 500, "dead", null);
      sendError(exchange, bodies, 500, "InternalServerError", ENGINE_DEAD);
      return;
    }
    FaultInjector.Fault fault = faults.draw(request.stream());
    if (fault.kind() == FaultInjector.Kind.RESET) {
      log.done(arrival, endpoint, id, request, 0, "reset", null);
      exchange.close();
      return;
    }
    if (fault.kind() == FaultInjector.Kind.ERROR) {
      log.done(arrival, endpoint, id, request, fault.status(), "error", null);
      sendError(
          exchange,
          bodies,
          fault.status(),
          errorType(fault.status()),
          errorMessage(fault.status()));
      return;
    }
    List<SimulatedModel.Choice> choices = simulated.generate(request);
    int[] prompts = new int[choices.size()];
    int[] targets = new int[choices.size()];
    for (int i = 0; i < choices.size(); i++) {
      prompts[i] = request.promptTokens()[i / request.n()];
      targets[i] = choices.get(i).completionTokens();
    }
    for (int p : request.promptTokens()) {
      metrics.recordPrompt(p);
    }
    boolean slow = fault.kind() == FaultInjector.Kind.SLOW_BODY;
    EngineMetrics jobMetrics = metrics;
    inflight.incrementAndGet();
    if (request.stream() && !slow) {
      stream(
          exchange, request, id, arrival, endpoint, choices, fault, prompts, targets, jobMetrics);
      return;
    }
    EngineLoop.Job job =
        new EngineLoop.Job(
            prompts,
            targets,
            finished -> {
              inflight.decrementAndGet();
              ScheduledExecutorService out = responders;
              Runnable reply =
                  () ->
                      complete(
                          exchange,
                          finished,
                          request,
                          id,
                          arrival,
                          endpoint,
                          choices,
                          slow,
                          jobMetrics);
              try {
                out.execute(reply);
              } catch (RuntimeException rejected) {
                reply.run();
              }
            });
    engine.submit(job);
  }

  /**
   * Answers a stream request with events paced by the engine (a slow-body stream is sent whole).
   */
  private void stream(
      HttpExchange exchange,
      GenerationRequest request,
      String id,
      long arrival,
      String endpoint,
      List<SimulatedModel.Choice> choices,
      FaultInjector.Fault fault,
      int[] prompts,
      int[] targets,
      EngineMetrics jobMetrics) {
    EngineLoop jobEngine = engine;
    PacedEventStream stream =
        new PacedEventStream(
            exchange,
            request,
            id,
            choices,
            bodies,
            config,
            responders,
            jobEngine,
            fault,
            (status, faultKind, logged) ->
                log.done(arrival, endpoint, id, request, status, faultKind, logged));
    EngineLoop.Job job =
        new EngineLoop.Job(
            prompts,
            targets,
            stream::onProgress,
            finished -> {
              inflight.decrementAndGet();
              if (!finished.aborted) {
                recordDone(finished, choices, jobMetrics);
              }
              stream.onJobDone();
            });
    stream.attach(job);
    jobEngine.submit(job);
  }

  private void complete(
      HttpExchange exchange,
      EngineLoop.Job job,
      GenerationRequest request,
      String id,
      long arrival,
      String endpoint,
      List<SimulatedModel.Choice> choices,
      boolean slow,
      EngineMetrics jobMetrics) {
    if (job.aborted) {
      exchange.close();
      log.done(arrival, endpoint, id, request, 0, "killed", null);
      return;
    }
    recordDone(job, choices, jobMetrics);
    long created = System.currentTimeMillis() / 1000;
    byte[] body =
        request.stream()
            ? bodies.stream(request, id, created, choices)
            : bodies.completion(request, id, created, choices);
    String type = request.stream() ? "text/event-stream; charset=utf-8" : "application/json";
    log.done(arrival, endpoint, id, request, 200, slow ? "slow_body" : null, choices);
    if (slow) {
      sendSlowly(exchange, type, body, config.slowBodyMillis(), responders);
    } else {
      send(exchange, 200, type, body);
    }
  }

  private static void recordDone(
      EngineLoop.Job job, List<SimulatedModel.Choice> choices, EngineMetrics jobMetrics) {
    for (SimulatedModel.Choice c : choices) {
      jobMetrics.recordFinished(c.finishReason());
    }
    double e2e = (job.doneNanos - job.arrivalNanos) / 1e9;
    double ttft = (Math.max(job.firstTokenNanos, job.arrivalNanos) - job.arrivalNanos) / 1e9;
    double queue = (Math.max(job.firstAdmitNanos, job.arrivalNanos) - job.arrivalNanos) / 1e9;
    jobMetrics.recordLatencies(ttft, e2e, queue);
  }

  @Override
  public String toString() {
    return "replica " + index + " " + baseUrl();
  }
}
