package io.mathbeam.core.client;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The {@link HttpResponse.BodyHandler} of a {@code stream: true} generation request: a 2xx {@code
 * text/event-stream} response is read incrementally by a {@link CompletionStreamSubscriber}; any
 * other response (an error status, or a server that answered with one JSON body) is read as text,
 * for the non-streaming path's handling ({@link ErrorBody}, {@link Completion#parseChoices}).
 *
 * <pre>{@code
 * StreamingResponse handler =
 *     new StreamingResponse(Api.CHAT, n, Duration.ofMinutes(10), Duration.ofSeconds(60), timer);
 * http.sendAsync(request, handler).whenComplete((response, error) -> {
 *   // error: StreamIdleTimeoutException, StreamErrorEventException, IncompleteStreamException,
 *   //        MalformedResponseException (maybe wrapped in CompletionException), or I/O errors
 *   // response.body().completions() when streamed, else response.body().text()
 * });
 * }</pre>
 */
final class StreamingResponse implements HttpResponse.BodyHandler<StreamingResponse.Body> {
  /**
   * What a response carried: the completions of a 2xx event stream, or the text of any other body.
   *
   * @param completions null unless the response was a 2xx event stream
   * @param text the whole body when it was not a 2xx event stream, else null
   * @param firstEventNanos {@link System#nanoTime()} of the first SSE event (time to first token),
   *     or -1 when there was none (not streamed)
   */
  record Body(List<Completion> completions, String text, long firstEventNanos) {}

  private final Api api;
  private final int expectedChoices;
  private final Duration firstByteTimeout;
  private final Duration idleTimeout;
  private final ScheduledExecutorService timer;
  private volatile CompletionStreamSubscriber current;
  private volatile boolean cancelled;

  /** See {@link CompletionStreamSubscriber} for the parameters. */
  StreamingResponse(
      Api api,
      int expectedChoices,
      Duration firstByteTimeout,
      Duration idleTimeout,
      ScheduledExecutorService timer) {
    this.api = api;
    this.expectedChoices = expectedChoices;
    this.firstByteTimeout = firstByteTimeout;
    this.idleTimeout = idleTimeout;
    this.timer = timer;
  }

  @Override
  public HttpResponse.BodySubscriber<Body> apply(HttpResponse.ResponseInfo info) {
    int status = info.statusCode();
    String type = info.headers().firstValue("Content-Type").orElse("");
    if (status < 200
        || status >= 300
        || !type.toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
      return HttpResponse.BodySubscribers.mapping(
          HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8),
          text -> new Body(null, text, -1));
    }
    CompletionStreamSubscriber stream =
        new CompletionStreamSubscriber(api, expectedChoices, firstByteTimeout, idleTimeout, timer);
    current = stream;
    if (cancelled) {
      stream.cancel();
    }
    return HttpResponse.BodySubscribers.mapping(
        stream, completions -> new Body(completions, null, stream.firstEventNanos()));
  }

  /**
   * Stops reading the stream: the subscription is cancelled, which makes the JDK client close the
   * connection, and the server aborts the request at its next write (spec §4.8).
   */
  void cancel() {
    cancelled = true;
    CompletionStreamSubscriber stream = current;
    if (stream != null) {
      stream.cancel();
    }
  }
}
