package io.mathbeam.core.datasets;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real HTTP file host on localhost that serves files by path the way GitHub's raw host and the
 * Hugging Face hub do (200 with a Content-Length, 206 for {@code Range: bytes=N-}), records every
 * request, and lets a test script faults per path: a status code, or a body cut off after some
 * bytes.
 */
public final class FileHostServer implements AutoCloseable {
  /** One recorded request. */
  public record Request(String path, String range, String authorization) {}

  /** What the next request of a path gets instead of the file. */
  public record Fault(int status, int truncateAfter) {
    public static Fault status(int status) {
      return new Fault(status, -1);
    }

    /** The full Content-Length is announced, then the connection closes after {@code bytes}. */
    public static Fault truncateAfter(int bytes) {
      return new Fault(200, bytes);
    }
  }

  private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-");

  private final HttpServer server;
  private final Map<String, byte[]> files = new ConcurrentHashMap<>();
  private final Map<String, Deque<Fault>> faults = new ConcurrentHashMap<>();
  private final Map<String, Map<String, String>> headers = new ConcurrentHashMap<>();
  private final Map<String, String> tokens = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();

  public FileHostServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public void put(String path, byte[] content) {
    files.put(path, content);
  }

  /** Faults for the next requests of {@code path}, in order; later requests get the file. */
  public synchronized void fail(String path, Fault... next) {
    Deque<Fault> queue = faults.computeIfAbsent(path, p -> new ArrayDeque<>());
    queue.addAll(List.of(next));
  }

  /** A header sent with every answer for {@code path} (X-Repo-Commit, say). */
  public void header(String path, String name, String value) {
    headers.computeIfAbsent(path, p -> new ConcurrentHashMap<>()).put(name, value);
  }

  /** Paths starting with {@code prefix} answer 401 unless the request bears {@code token}. */
  public void requireToken(String prefix, String token) {
    tokens.put(prefix, token);
  }

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  public long requestsFor(String path) {
    return requests.stream().filter(r -> r.path().equals(path)).count();
  }

  private synchronized Fault nextFault(String path) {
    Deque<Fault> queue = faults.get(path);
    return queue == null ? null : queue.poll();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getRawPath();
      String range = exchange.getRequestHeaders().getFirst("Range");
      String auth = exchange.getRequestHeaders().getFirst("Authorization");
      requests.add(new Request(path, range, auth));
      for (Map.Entry<String, String> t : tokens.entrySet()) {
        if (path.startsWith(t.getKey()) && !("Bearer " + t.getValue()).equals(auth)) {
          exchange.sendResponseHeaders(401, -1);
          return;
        }
      }
      headers.getOrDefault(path, Map.of()).forEach(exchange.getResponseHeaders()::add);
      byte[] content = files.get(path);
      Fault fault = nextFault(path);
      if (fault != null && fault.truncateAfter() < 0) {
        exchange.sendResponseHeaders(fault.status(), -1);
        return;
      }
      if (content == null) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      int start = 0;
      Matcher m = range == null ? null : RANGE.matcher(range);
      if (m != null && m.matches()) {
        start = Integer.parseInt(m.group(1));
        if (start >= content.length) {
          exchange.getResponseHeaders().add("Content-Range", "bytes */" + content.length);
          exchange.sendResponseHeaders(416, -1);
          return;
        }
        exchange
            .getResponseHeaders()
            .add(
                "Content-Range",
                "bytes " + start + "-" + (content.length - 1) + "/" + content.length);
      }
      int length = content.length - start;
      exchange.sendResponseHeaders(start > 0 ? 206 : 200, length == 0 ? -1 : length);
      OutputStream body = exchange.getResponseBody();
      if (fault != null) {
        body.write(content, start, Math.min(fault.truncateAfter(), length));
        body.flush();
        // leaving the handler short of the announced length closes the connection mid-body, as
        // a dropped download does
        throw new IOException("truncated on purpose");
      }
      body.write(content, start, length);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
