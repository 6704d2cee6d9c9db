package io.mathbeam.core.client;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads the SSE body of a 200 {@code stream: true} generation response as it arrives: bytes are
 * decoded (UTF-8, characters split across buffers included), framed by an {@link EventStreamParser}
 * and assembled by {@link StreamedChoices}. The body completes with the completions as soon as
 * {@code [DONE]} arrives (the rest of the body is still drained so the connection can be reused),
 * or fails with
 *
 * <ul>
 *   <li>{@link StreamIdleTimeoutException} when no byte arrived within {@code firstByteTimeout} of
 *       the headers, or within {@code idleTimeout} of the previous byte;
 *   <li>{@link StreamErrorEventException} on an in-band error event;
 *   <li>{@link IncompleteStreamException} when the body ended, cleanly or not, before {@code
 *       [DONE]};
 *   <li>{@link MalformedResponseException} on an event that is not a chunk.
 * </ul>
 *
 * On any failure the subscription is cancelled, which makes the JDK client close the connection
 * (and a vLLM server abort the request, spec §4.8). Timeouts are checked by one task at a time on
 * the given scheduler, re-armed lazily, so a stream costs no thread and no task per chunk.
 */
final class CompletionStreamSubscriber implements HttpResponse.BodySubscriber<List<Completion>> {
  static final int MAX_EVENT_CHARS = 64 * 1024 * 1024;

  private final StreamedChoices choices;
  private final EventStreamParser parser = new EventStreamParser(MAX_EVENT_CHARS);
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE);
  private final CharBuffer chars = CharBuffer.allocate(8192);
  private final CompletableFuture<List<Completion>> result = new CompletableFuture<>();
  private final AtomicBoolean finished = new AtomicBoolean();
  private final Duration firstByteTimeout;
  private final Duration idleTimeout;
  private final ScheduledExecutorService timer;
  private final Object timerLock = new Object();
  private ByteBuffer carry = ByteBuffer.allocate(0);
  private volatile Flow.Subscription subscription;
  private volatile long lastByteNanos;
  private volatile long firstEventNanos = -1;
  private volatile boolean sawByte;
  private ScheduledFuture<?> check;

  /**
   * @param api the endpoint streamed from
   * @param expectedChoices choices the request asked for
   * @param firstByteTimeout longest wait for the first body byte after the headers (vLLM sends
   *     headers at submission, so this covers queue wait and prefill)
   * @param idleTimeout longest gap between body bytes after the first
   * @param timer runs the timeout checks; not shut down by this class
   */
  CompletionStreamSubscriber(
      Api api,
      int expectedChoices,
      Duration firstByteTimeout,
      Duration idleTimeout,
      ScheduledExecutorService timer) {
    if (firstByteTimeout.isNegative()
        || firstByteTimeout.isZero()
        || idleTimeout.isNegative()
        || idleTimeout.isZero()) {
      throw new IllegalArgumentException("stream timeouts must be positive");
    }
    this.choices = new StreamedChoices(api, expectedChoices);
    this.firstByteTimeout = firstByteTimeout;
    this.idleTimeout = idleTimeout;
    this.timer = timer;
  }

  @Override
  public CompletionStage<List<Completion>> getBody() {
    return result;
  }

  /** {@link System#nanoTime()} when the first event arrived, or -1: the time to first token. */
  long firstEventNanos() {
    return firstEventNanos;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    lastByteNanos = System.nanoTime();
    arm(firstByteTimeout.toNanos());
    s.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (finished.get() && choices.done()) {
      // [DONE] already completed the body: drain the terminating bytes for connection reuse
      subscription.request(1);
      return;
    }
    if (finished.get()) {
      return;
    }
    lastByteNanos = System.nanoTime();
    if (!sawByte) {
      sawByte = true;
      arm(idleTimeout.toNanos());
    }
    try {
      for (ByteBuffer buffer : buffers) {
        decode(buffer, false);
      }
    } catch (StreamErrorEventException | MalformedResponseException e) {
      fail(e);
      return;
    }
    if (choices.done() && !finished.get()) {
      finishWithResult();
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable error) {
    if (!choices.done()) {
      fail(new IncompleteStreamException(error));
    }
  }

  @Override
  public void onComplete() {
    if (finished.get()) {
      return;
    }
    try {
      decode(ByteBuffer.allocate(0), true);
    } catch (StreamErrorEventException | MalformedResponseException e) {
      fail(e);
      return;
    }
    if (choices.done()) {
      finishWithResult();
    } else {
      fail(new IncompleteStreamException());
    }
  }

  private void decode(ByteBuffer buffer, boolean endOfInput)
      throws StreamErrorEventException, MalformedResponseException {
    ByteBuffer input = buffer;
    if (carry.hasRemaining()) {
      input = ByteBuffer.allocate(carry.remaining() + buffer.remaining());
      input.put(carry).put(buffer).flip();
    }
    while (true) {
      CoderResult state = decoder.decode(input, chars, endOfInput);
      if (endOfInput && state.isUnderflow()) {
        decoder.flush(chars);
      }
      chars.flip();
      if (chars.hasRemaining()) {
        for (String data : parser.feed(chars)) {
          if (firstEventNanos < 0) {
            firstEventNanos = System.nanoTime();
          }
          choices.accept(data);
        }
      }
      chars.clear();
      if (!state.isOverflow()) {
        break;
      }
    }
    // an incomplete multi-byte character waits for the next buffer
    carry = ByteBuffer.allocate(input.remaining()).put(input).flip();
  }

  private void finishWithResult() {
    if (!finished.compareAndSet(false, true)) {
      return;
    }
    disarm();
    try {
      result.complete(choices.result());
    } catch (IncompleteStreamException | MalformedResponseException e) {
      result.completeExceptionally(e);
    }
  }

  /** Gives the stream up: the connection is closed and the result fails with a cancellation. */
  void cancel() {
    fail(new CancellationException("stream cancelled by the client"));
  }

  private void fail(Throwable error) {
    if (!finished.compareAndSet(false, true)) {
      return;
    }
    disarm();
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
    result.completeExceptionally(error);
  }

  private void arm(long delayNanos) {
    synchronized (timerLock) {
      if (check != null) {
        check.cancel(false);
      }
      if (finished.get()) {
        return;
      }
      try {
        check = timer.schedule(this::checkIdle, delayNanos, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        fail(e);
      }
    }
  }

  private void disarm() {
    synchronized (timerLock) {
      if (check != null) {
        check.cancel(false);
        check = null;
      }
    }
  }

  private void checkIdle() {
    if (finished.get()) {
      return;
    }
    boolean beforeFirstByte = !sawByte;
    long limit = beforeFirstByte ? firstByteTimeout.toNanos() : idleTimeout.toNanos();
    long idle = System.nanoTime() - lastByteNanos;
    if (idle >= limit) {
      fail(
          new StreamIdleTimeoutException(
              beforeFirstByte ? firstByteTimeout : idleTimeout, beforeFirstByte));
    } else {
      arm(limit - idle);
    }
  }
}
