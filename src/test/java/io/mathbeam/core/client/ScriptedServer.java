package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on localhost whose generation endpoints answer from a script: the test says
 * what the n-th generation request gets. It also serves {@code /v1/models}, {@code /health} and
 * {@code /tokenize}, records every request, and measures how many generation requests it handles at
 * once.
 */
final class ScriptedServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  static {
    // Without TCP_NODELAY the JDK server's separate header and body writes meet the client's
    // delayed ACK: ~40 ms per response. Read once, when the first server of the JVM starts.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** What the {@code index}-th (0-based) generation request receives. */
  interface Script {
    Reply answer(Recorded request, int index);
  }

  /** A request as the server saw it; header names are lower case. */
  record Recorded(
      String method, String path, String protocol, Map<String, List<String>> headers, String body) {

    JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null || values.isEmpty() ? null : values.get(0);
    }
  }

  /** A scripted answer; {@code drop} closes the connection without any response byte. */
  record Reply(
      int status, String body, Map<String, String> headers, long delayMillis, boolean drop) {

    static Reply json(int status, String body) {
      return new Reply(status, body, Map.of(), 0, false);
    }

    static Reply dropConnection() {
      return new Reply(0, "", Map.of(), 0, true);
    }

    Reply withHeader(String name, String value) {
      Map<String, String> all = new HashMap<>(headers);
      all.put(name, value);
      return new Reply(status, body, all, delayMillis, drop);
    }

    Reply delayed(long millis) {
      return new Reply(status, body, headers, millis, drop);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(32);
  private final List<Recorded> requests = new CopyOnWriteArrayList<>();
  private final AtomicInteger generationIndex = new AtomicInteger();
  private final AtomicInteger concurrent = new AtomicInteger();
  private final AtomicInteger maxConcurrent = new AtomicInteger();
  private volatile Script script;
  volatile int healthStatus = 200;
  volatile String modelsBody = modelsJson("test-model", 0);
  volatile int tokenizeCount = -1;

  private ScriptedServer(Script script) throws IOException {
    this.script = script;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  static ScriptedServer start(Script script) throws IOException {
    return new ScriptedServer(script);
  }

  /** A server whose every generation request succeeds with a chat answer. */
  static ScriptedServer answeringChat() throws IOException {
    return start((request, index) -> Reply.json(200, chatBody("The answer is 2.", null, "stop")));
  }

  void script(Script value) {
    script = value;
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  List<Recorded> generationRequests() {
    List<Recorded> generations = new ArrayList<>();
    for (Recorded request : requests) {
      if (request.path().endsWith("/completions")) {
        generations.add(request);
      }
    }
    return generations;
  }

  long count(String path) {
    return requests.stream().filter(request -> request.path().equals(path)).count();
  }

  int maxConcurrent() {
    return maxConcurrent.get();
  }

  /** Starts measuring the highest concurrency afresh. */
  void resetMaxConcurrent() {
    maxConcurrent.set(concurrent.get());
  }

  static String modelsJson(String id, int maxModelLen) {
    return "{\"object\":\"list\",\"data\":[{\"id\":\""
        + id
        + "\",\"object\":\"model\",\"created\":1731500000,\"owned_by\":\"vllm\""
        + (maxModelLen > 0 ? ",\"max_model_len\":" + maxModelLen : "")
        + ",\"permission\":[]}]}";
  }

  /** A chat completion body; {@code reasoningField} null means no reasoning key at all. */
  static String chatBody(String content, String reasoningField, String finishReason) {
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1731500000,"
        + "\"model\":\"test-model\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
        + "\"content\":"
        + quote(content)
        + (reasoningField == null ? "" : ",\"" + reasoningField + "\":\"thinking...\"")
        + ",\"tool_calls\":[]},\"logprobs\":null,\"finish_reason\":"
        + quote(finishReason)
        + ",\"stop_reason\":null}],\"usage\":{\"prompt_tokens\":100,\"total_tokens\":110,"
        + "\"completion_tokens\":10,\"prompt_tokens_details\":null},\"kv_transfer_params\":null}";
  }

  static String nestedError(String message, int code) {
    return "{\"error\":{\"message\":"
        + quote(message)
        + ",\"type\":\"BadRequestError\",\"param\":null,\"code\":"
        + code
        + "}}";
  }

  static String quote(String value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, List<String>> headers = new HashMap<>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
    String path = exchange.getRequestURI().getPath();
    Recorded recorded =
        new Recorded(exchange.getRequestMethod(), path, exchange.getProtocol(), headers, body);
    requests.add(recorded);
    switch (path) {
      case "/health" -> respond(exchange, healthStatus, "");
      case "/v1/models" -> respond(exchange, 200, modelsBody);
      case "/tokenize" ->
          respond(
              exchange,
              tokenizeCount < 0 ? 404 : 200,
              tokenizeCount < 0
                  ? "{\"detail\":\"Not Found\"}"
                  : "{\"count\":" + tokenizeCount + "}");
      case "/v1/chat/completions", "/v1/completions" -> generation(exchange, recorded);
      default -> respond(exchange, 404, "{\"detail\":\"Not Found\"}");
    }
  }

  private void generation(HttpExchange exchange, Recorded recorded) throws IOException {
    int now = concurrent.incrementAndGet();
    maxConcurrent.accumulateAndGet(now, Math::max);
    Reply reply;
    try {
      reply = script.answer(recorded, generationIndex.getAndIncrement());
      if (reply.delayMillis() > 0) {
        Thread.sleep(reply.delayMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      // Before the response is written, so the client can never run ahead of this count.
      concurrent.decrementAndGet();
    }
    if (reply.drop()) {
      // An exception escaping the handler makes the JDK server close the connection unanswered.
      throw new IllegalStateException("scripted connection drop");
    }
    reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
    respond(exchange, reply.status(), reply.body());
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (!body.isEmpty()) {
      exchange.getResponseHeaders().add("Content-Type", "application/json");
    }
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
