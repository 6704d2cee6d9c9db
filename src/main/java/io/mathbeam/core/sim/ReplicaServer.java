package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mathbeam.core.concurrent.DaemonThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One simulated vLLM replica: an HTTP/1.1 server on its own port in front of an {@link EngineLoop}.
 * Generation requests are answered asynchronously: the handler validates, generates the choices,
 * hands the job to the engine and returns; the response is written when the engine finishes the job
 * (streams: as it progresses, see {@link PacedEventStream}), so no thread is held per request in
 * flight.
 */
final class ReplicaServer {
  private static final String ENGINE_DEAD =
      "EngineCore encountered an issue. See stack trace (above) for the root cause.";

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
  private final RequestLog log;
  private final SimulatedModel model;
  private final SimulatedJudge judge;
  private final TirModel tir;
  private final ResponseBodies bodies;
  private final FaultInjector faults;
  private final SplittableRandom serverRng;
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
    this.log = log;
    this.model =
        new SimulatedModel(
            config.medianOutputTokens(),
            config.outputSigma(),
            config.skill(),
            config.outputLengths());
    this.judge = config.judge() == null ? null : new SimulatedJudge(config.judge());
    this.tir = config.tir() ? new TirModel(model) : null;
    this.bodies = new ResponseBodies(config);
    this.faults = new FaultInjector(config, StableHash.combine(config.faultSeed(), index));
    this.serverRng = new SplittableRandom(StableHash.combine(config.serverSeed(), index));
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
      sendError(exchange, e.status, e.type, e.getMessage());
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
          sendJson(exchange, 200, models());
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
          tokenize(exchange);
        }
        return;
      case "/sim/capacity":
        sendJson(exchange, 200, capacity(uri.getRawQuery()));
        return;
      default:
        sendJson(exchange, 404, Map.of("detail", "Not Found"));
    }
  }

  private boolean requireMethod(HttpExchange exchange, String method) throws IOException {
    if (exchange.getRequestMethod().equalsIgnoreCase(method)) {
      return true;
    }
    sendJson(exchange, 405, Map.of("detail", "Method Not Allowed"));
    return false;
  }

  private JsonNode readJsonBody(HttpExchange exchange)
      throws IOException, RequestRejectedException {
    String upgrade = exchange.getRequestHeaders().getFirst("Upgrade");
    if (config.rejectH2cUpgrade()
        && upgrade != null
        && upgrade.toLowerCase(Locale.ROOT).contains("h2c")) {
      throw RequestRejectedException.validation("missing", null, "Field required", "None");
    }
    String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
    String media =
        contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (!media.equals("application/json")) {
      throw new RequestRejectedException(
          400, "Bad Request", "Unsupported Media Type: Only 'application/json' is allowed");
    }
    byte[] raw;
    try (InputStream in = exchange.getRequestBody()) {
      raw = in.readAllBytes();
    }
    try {
      return ResponseBodies.JSON.readTree(raw);
    } catch (IOException e) {
      throw RequestRejectedException.validation("json_invalid", null, "JSON decode error", "''");
    }
  }

  private void generate(HttpExchange exchange, boolean chat) throws IOException {
    long arrival = System.currentTimeMillis();
    String endpoint = chat ? "/v1/chat/completions" : "/v1/completions";
    String headerId = exchange.getRequestHeaders().getFirst("X-Request-Id");
    GenerationRequest request;
    try {
      request = GenerationRequest.parse(readJsonBody(exchange), chat, config, headerId);
    } catch (RequestRejectedException e) {
      logRejected(arrival, endpoint, headerId, e.status, null, e.getMessage());
      sendError(exchange, e.status, e.type, e.getMessage());
      return;
    }
    String id = request.requestId() != null ? request.requestId() : randomHex();
    if (dead) {
      logDone(arrival, endpoint, id, request, 500, "dead", null);
      sendError(exchange, 500, "InternalServerError", ENGINE_DEAD);
      return;
    }
    FaultInjector.Fault fault = faults.draw(request.stream());
    if (fault.kind() == FaultInjector.Kind.RESET) {
      logDone(arrival, endpoint, id, request, 0, "reset", null);
      exchange.close();
      return;
    }
    if (fault.kind() == FaultInjector.Kind.ERROR) {
      logDone(arrival, endpoint, id, request, fault.status(), "error", null);
      sendError(exchange, fault.status(), errorType(fault.status()), errorMessage(fault.status()));
      return;
    }
    List<SimulatedModel.Choice> choices = generateChoices(request);
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
                logDone(arrival, endpoint, id, request, status, faultKind, logged));
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

  private List<SimulatedModel.Choice> generateChoices(GenerationRequest request) {
    List<SimulatedModel.Choice> choices = new ArrayList<>();
    long paramsHash =
        StableHash.of(
            request.temperature()
                + "|"
                + request.topP()
                + "|"
                + request.topK()
                + "|"
                + request.minP()
                + "|"
                + request.repetitionPenalty(),
            0x9a7a);
    long baseSeed;
    if (request.greedy()) {
      baseSeed = 0;
    } else if (request.seed() != null) {
      baseSeed = request.seed();
    } else {
      synchronized (serverRng) {
        baseSeed = serverRng.nextLong();
      }
    }
    for (int p = 0; p < request.prompts().size(); p++) {
      String prompt = request.prompts().get(p);
      String lookup = request.lookupTexts().get(p);
      int cap = Math.min(request.maxTokens(), config.maxModelLen() - request.promptTokens()[p]);
      if (judge != null) {
        for (int i = 0; i < request.n(); i++) {
          choices.add(judge.reply(lookup, i, cap, request.stops()));
        }
        continue;
      }
      Optional<AnswerKey.Entry> known = config.answerKey().lookup(lookup);
      PromptOptions options = known.isPresent() ? PromptOptions.find(lookup) : PromptOptions.NONE;
      if (tir != null && known.isPresent() && TirModel.applies(known.get(), options)) {
        // A TIR sample is keyed by its problem, not its prompt, which grows with each continuation.
        AnswerKey.Entry entry = known.get();
        long context =
            StableHash.combine(
                StableHash.of(AnswerKey.normalize(entry.problem()), 0x7157), paramsHash);
        String soFar =
            request.chat()
                ? request.continuedMessage()
                : prompt.substring(Math.max(0, AnswerKey.endOfLast(entry.problem(), prompt)));
        for (int i = 0; i < request.n(); i++) {
          choices.add(tir.generate(entry, soFar, context, baseSeed + i, cap, request.stops()));
        }
        continue;
      }
      long context = StableHash.combine(StableHash.of(prompt, 0x9e37), paramsHash);
      for (int i = 0; i < request.n(); i++) {
        choices.add(model.generate(known, options, context, baseSeed + i, cap, request.stops()));
      }
    }
    return choices;
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
      logDone(arrival, endpoint, id, request, 0, "killed", null);
      return;
    }
    recordDone(job, choices, jobMetrics);
    long created = System.currentTimeMillis() / 1000;
    byte[] body =
        request.stream()
            ? bodies.stream(request, id, created, choices)
            : bodies.completion(request, id, created, choices);
    String type = request.stream() ? "text/event-stream; charset=utf-8" : "application/json";
    logDone(arrival, endpoint, id, request, 200, slow ? "slow_body" : null, choices);
    if (slow) {
      sendSlowly(exchange, type, body);
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

  private void sendSlowly(HttpExchange exchange, String type, byte[] body) {
    try {
      exchange.getResponseHeaders().set("Content-Type", type);
      exchange.sendResponseHeaders(200, body.length);
    } catch (IOException e) {
      exchange.close();
      return;
    }
    int pieces = 8;
    int size = (body.length + pieces - 1) / pieces;
    long gap = Math.max(1, config.slowBodyMillis() / pieces);
    OutputStream os = exchange.getResponseBody();
    for (int i = 0; i < pieces; i++) {
      int from = Math.min(body.length, i * size);
      int to = Math.min(body.length, from + size);
      boolean last = i == pieces - 1;
      Runnable write =
          () -> {
            try {
              os.write(body, from, to - from);
              os.flush();
            } catch (IOException e) {
              exchange.close();
            }
            if (last) {
              exchange.close();
            }
          };
      try {
        responders.schedule(write, gap * (i + 1), TimeUnit.MILLISECONDS);
      } catch (RuntimeException rejected) {
        exchange.close();
        return;
      }
    }
  }

  private void tokenize(HttpExchange exchange) throws IOException, RequestRejectedException {
    JsonNode body = readJsonBody(exchange);
    String text;
    if (body.hasNonNull("messages")) {
      boolean continueFinal = body.path("continue_final_message").asBoolean(false);
      text =
          ChatTemplate.render(
              body.get("messages"),
              body.path("add_generation_prompt").asBoolean(!continueFinal),
              continueFinal);
    } else if (body.hasNonNull("prompt")) {
      text = body.get("prompt").asText();
    } else {
      throw RequestRejectedException.validation("missing", "prompt", "Field required", "{}");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    int[] ids = SimTokenizer.tokenIds(text);
    out.put("count", ids.length);
    out.put("max_model_len", config.maxModelLen());
    out.put("tokens", ids);
    out.put("token_strs", null);
    sendJson(exchange, 200, out);
  }

  private ObjectNode models() {
    ObjectNode body = ResponseBodies.JSON.createObjectNode();
    body.put("object", "list");
    ArrayNode data = body.putArray("data");
    ObjectNode card = data.addObject();
    card.put("id", config.modelName());
    card.put("object", "model");
    card.put("created", createdSeconds);
    card.put("owned_by", "vllm");
    card.put("root", "/models/" + config.modelName());
    card.putNull("parent");
    card.put("max_model_len", config.maxModelLen());
    ObjectNode permission = card.putArray("permission").addObject();
    permission.put("id", "modelperm-" + randomHex());
    permission.put("object", "model_permission");
    permission.put("created", createdSeconds);
    permission.put("allow_create_engine", false);
    permission.put("allow_sampling", true);
    permission.put("allow_logprobs", true);
    permission.put("allow_search_indices", false);
    permission.put("allow_view", true);
    permission.put("allow_fine_tuning", false);
    permission.put("organization", "*");
    permission.putNull("group");
    permission.put("is_blocking", false);
    return body;
  }

  private Map<String, Object> capacity(String query) {
    Map<String, String> params = new LinkedHashMap<>();
    if (query != null) {
      for (String pair : query.split("&")) {
        String[] kv = pair.split("=", 2);
        if (kv.length == 2) {
          params.put(kv[0], kv[1]);
        }
      }
    }
    double sigma = config.outputSigma();
    double meanOutput = config.medianOutputTokens() * Math.exp(sigma * sigma / 2);
    double p = parseOr(params.get("prompt_tokens"), metrics.meanPromptTokens(200));
    double o = parseOr(params.get("output_tokens"), meanOutput);
    int n = (int) parseOr(params.get("n"), 1);
    return CapacityModel.of(
            config.latencyOf(index), config.maxNumSeqs(), p, o, Math.max(1, n), config.timeScale())
        .asMap(config.replicas());
  }

  private static double parseOr(String value, double fallback) {
    try {
      return value == null ? fallback : Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  // Every entry is logged before its response is sent, so a client that has its answer can read
  // the log entry for it.
  private void logRejected(
      long arrival, String endpoint, String id, int status, String fault, String error) {
    log.append(
        RequestLogEntry.builder()
            .arrivalMs(arrival)
            .finishMs(System.currentTimeMillis())
            .replica(index)
            .port(port)
            .endpoint(endpoint)
            .requestId(id)
            .status(status)
            .fault(fault)
            .error(error)
            .build());
  }

  private void logDone(
      long arrival,
      String endpoint,
      String id,
      GenerationRequest r,
      int status,
      String fault,
      List<SimulatedModel.Choice> choices) {
    Integer completion = null;
    List<String> finishes = null;
    List<String> outcomes = null;
    List<String> verdicts = null;
    if (choices != null) {
      int sum = 0;
      finishes = new ArrayList<>();
      outcomes = judge == null ? new ArrayList<>() : null;
      verdicts = judge == null ? null : new ArrayList<>();
      for (SimulatedModel.Choice c : choices) {
        sum += c.completionTokens();
        finishes.add(c.finishReason());
        if (c.judgeReply()) {
          verdicts.add(c.verdict());
        } else {
          outcomes.add(c.outcome().name().toLowerCase(Locale.ROOT));
        }
      }
      completion = sum;
    }
    List<String> judged = null;
    if (judge != null) {
      judged = new ArrayList<>();
      for (String text : r.lookupTexts()) {
        judged.add(JudgeQuestion.answerIn(text));
      }
      judged = Collections.unmodifiableList(judged);
    }
    log.append(
        RequestLogEntry.builder()
            .arrivalMs(arrival)
            .finishMs(System.currentTimeMillis())
            .replica(index)
            .port(port)
            .endpoint(endpoint)
            .requestId(id)
            .promptHash(r.promptHash())
            .seed(r.seed())
            .n(r.n())
            .status(status)
            .promptTokens(r.totalPromptTokens())
            .completionTokens(completion)
            .maxTokens(r.maxTokens())
            .temperature(r.temperature())
            .topP(r.topP())
            .topK(r.topK())
            .minP(r.minP())
            .fault(fault)
            .finishReasons(finishes)
            .outcomes(outcomes)
            .judgedAnswers(judged)
            .verdicts(verdicts)
            .build());
  }

  private static String errorType(int status) {
    switch (status) {
      case 500:
        return "InternalServerError";
      case 501:
        return "NotImplementedError";
      case 503:
        return "ServiceUnavailableError";
      default:
        return status >= 500 ? "InternalServerError" : "BadRequestError";
    }
  }

  private static String errorMessage(int status) {
    switch (status) {
      case 500:
        return ENGINE_DEAD;
      case 503:
        return "Service Unavailable: the server is temporarily unable to accept the request.";
      case 429:
        return "Too Many Requests";
      case 408:
        return "Request Timeout";
      default:
        return "Simulated error " + status;
    }
  }

  private void sendError(HttpExchange exchange, int status, String type, String message) {
    send(exchange, status, "application/json", bodies.error(status, type, message));
  }

  private void sendJson(HttpExchange exchange, int status, Object body) {
    send(exchange, status, "application/json", ResponseBodies.bytes(body));
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body) {
    try {
      if (type != null) {
        exchange.getResponseHeaders().set("Content-Type", type);
      }
      exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
      if (body.length > 0) {
        try (OutputStream os = exchange.getResponseBody()) {
          os.write(body);
        }
      }
    } catch (IOException e) {
      // the client went away; nothing to answer
    } finally {
      exchange.close();
    }
  }

  private static String randomHex() {
    byte[] bytes = new byte[16];
    java.util.concurrent.ThreadLocalRandom.current().nextBytes(bytes);
    StringBuilder out = new StringBuilder(32);
    for (byte b : bytes) {
      out.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return "replica " + index + " " + baseUrl();
  }
}
