package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Reads request bodies from, and writes responses and vLLM's errors to, simulator exchanges. */
final class SimExchanges {
  static final String ENGINE_DEAD =
      "EngineCore encountered an issue. See stack trace (above) for the root cause.";

  private SimExchanges() {}

  static JsonNode readJsonBody(HttpExchange exchange, boolean rejectH2cUpgrade)
      throws IOException, RequestRejectedException {
    String upgrade = exchange.getRequestHeaders().getFirst("Upgrade");
    if (rejectH2cUpgrade && upgrade != null && upgrade.toLowerCase(Locale.ROOT).contains("h2c")) {
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

  static boolean requireMethod(HttpExchange exchange, String method) throws IOException {
    if (exchange.getRequestMethod().equalsIgnoreCase(method)) {
      return true;
    }
    sendJson(exchange, 405, Map.of("detail", "Method Not Allowed"));
    return false;
  }

  static void sendError(
      HttpExchange exchange, ResponseBodies bodies, int status, String type, String message) {
    send(exchange, status, "application/json", bodies.error(status, type, message));
  }

  static void sendJson(HttpExchange exchange, int status, Object body) {
    send(exchange, status, "application/json", ResponseBodies.bytes(body));
  }

  static void send(HttpExchange exchange, int status, String type, byte[] body) {
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

  static void sendSlowly(
      HttpExchange exchange,
      String type,
      byte[] body,
      long slowBodyMillis,
      ScheduledExecutorService responders) {
    try {
      exchange.getResponseHeaders().set("Content-Type", type);
      exchange.sendResponseHeaders(200, body.length);
    } catch (IOException e) {
      exchange.close();
      return;
    }
    int pieces = 8;
    int size = (body.length + pieces - 1) / pieces;
    long gap = Math.max(1, slowBodyMillis / pieces);
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

  static String errorType(int status) {
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

  static String errorMessage(int status) {
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
}
