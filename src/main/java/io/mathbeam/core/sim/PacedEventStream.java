package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The SSE response of one {@code stream: true} request (spec §5), written while the engine
 * generates: the 200 headers at submission (or with the first token), then the role chunks and text
 * deltas of each choice as its tokens exist on the simulated clock, at most one event per choice
 * per flush interval, each choice's final chunk when it finishes, the usage chunk and {@code
 * [DONE]}. The concatenated deltas equal the non-streaming response's texts. Carries out the stream
 * faults of {@link FaultInjector}.
 */
final class PacedEventStream {
  /** Appends the request's log entry; called once, before the last bytes are written. */
  interface Logger {
    void log(int status, String fault, List<SimulatedModel.Choice> choices);
  }

  private static final String EVENT_STREAM = "text/event-stream; charset=utf-8";
  private static final String STREAM_ERROR =
      "EngineCore encountered an issue. See stack trace (above) for the root cause.";
  // A declared length the stream never reaches: closing the exchange short of it drops the TCP
  // connection without the chunked terminator, the way a dying server process ends a stream.
  private static final long UNREACHED_LENGTH = 1L << 40;

  private final HttpExchange exchange;
  private final GenerationRequest request;
  private final List<SimulatedModel.Choice> choices;
  private final ResponseBodies bodies;
  private final SimConfig config;
  private final ScheduledExecutorService executor;
  private final EngineLoop engine;
  private final FaultInjector.Fault fault;
  private final Logger logger;
  private final String fullId;
  private final long created;
  private final long flushNanos;
  private final int[][] tokenEnds;
  private final int[] reasoningEnd;
  private final int[] contentStart;
  private final boolean showReasoning;
  private final int[] sentChars;
  private final boolean[] finalSent;

  // The engine thread only touches the volatile flags and the executor: a flush blocked on a slow
  // client's socket holds this object's monitor and must not hold up the engine.
  private final AtomicBoolean flushPending = new AtomicBoolean();
  private volatile boolean jobDone;
  private volatile boolean stalled;
  private volatile boolean ended;
  private volatile long lastFlushNanos;
  private EngineLoop.Job job;
  private OutputStream out;
  private boolean headersSent;
  private boolean rolesSent;
  private int tokenFlushes;

  PacedEventStream(
      HttpExchange exchange,
      GenerationRequest request,
      String id,
      List<SimulatedModel.Choice> choices,
      ResponseBodies bodies,
      SimConfig config,
      ScheduledExecutorService executor,
      EngineLoop engine,
      FaultInjector.Fault fault,
      Logger logger) {
    this.exchange = exchange;
    this.request = request;
    this.choices = choices;
    this.bodies = bodies;
    this.config = config;
    this.executor = executor;
    this.engine = engine;
    this.fault = fault;
    this.logger = logger;
    this.fullId = ResponseBodies.fullId(request, id);
    this.created = System.currentTimeMillis() / 1000;
    this.flushNanos = TimeUnit.MILLISECONDS.toNanos(config.streamFlushMillis());
    int n = choices.size();
    tokenEnds = new int[n][];
    reasoningEnd = new int[n];
    contentStart = new int[n];
    sentChars = new int[n];
    finalSent = new boolean[n];
    boolean parsed = request.chat() && config.reasoningField() != ReasoningField.INLINE;
    showReasoning = parsed && request.includeReasoning();
    for (int i = 0; i < n; i++) {
      SimulatedModel.Choice c = choices.get(i);
      tokenEnds[i] = SimTokenizer.tokenEnds(c.text());
      if (!parsed || c.judgeReply()) {
        reasoningEnd[i] = 0;
        contentStart[i] = 0;
      } else if (c.thinkEnd() >= 0) {
        reasoningEnd[i] = c.thinkEnd();
        contentStart[i] = c.thinkEnd() + SimulatedModel.THINK_END.length();
      } else {
        reasoningEnd[i] = c.text().length();
        contentStart[i] = c.text().length();
      }
    }
  }

  /**
   * Binds the engine job whose progress this stream follows, and sends the headers unless they wait
   * for the first token. Call before the job is submitted.
   */
  synchronized void attach(EngineLoop.Job job) {
    this.job = job;
    if (!config.streamHeadersAtFirstToken()) {
      sendHeaders();
    }
  }

  /** Engine callback: some sequence of the job generated tokens. */
  void onProgress() {
    if (ended || stalled || !flushPending.compareAndSet(false, true)) {
      return;
    }
    schedule(Math.max(0, lastFlushNanos + flushNanos - System.nanoTime()));
  }

  /** Engine callback: every sequence finished, or the job was aborted. */
  void onJobDone() {
    jobDone = true;
    if (stalled) {
      scheduleStalledClose();
    } else if (!ended) {
      schedule(0);
    }
  }

  private void schedule(long delayNanos) {
    try {
      executor.schedule(this::flush, delayNanos, TimeUnit.NANOSECONDS);
    } catch (RuntimeException rejected) {
      // the replica is stopping and closes every connection itself
      ended = true;
    }
  }

  private void flush() {
    flushPending.set(false);
    synchronized (this) {
      if (!ended && !stalled) {
        flushNow();
      }
    }
  }

  private void flushNow() {
    lastFlushNanos = System.nanoTime();
    if (job.aborted) {
      end(headersSent ? 200 : 0, "killed", null);
      exchange.close();
      return;
    }
    // One consistent snapshot per flush (the engine moves on meanwhile); jobDone is read first
    // because the engine publishes the final progress before it reports the job done.
    boolean done = jobDone;
    int[] generated = new int[choices.size()];
    boolean anyTokens = done;
    boolean anyFinished = false;
    for (int i = 0; i < choices.size(); i++) {
      generated[i] = job.generated(i);
      anyTokens |= generated[i] > 0;
      anyFinished |= generated[i] >= choices.get(i).completionTokens();
    }
    if (!anyTokens || (!headersSent && !sendHeaders())) {
      return;
    }
    ByteArrayOutputStream events = new ByteArrayOutputStream();
    if (request.chat() && !rolesSent) {
      rolesSent = true;
      for (int i = 0; i < choices.size(); i++) {
        append(events, ResponseBodies.event(bodies.roleChunk(fullId, created, i)));
      }
    }
    if (fault.kind() != FaultInjector.Kind.NONE
        && (tokenFlushes >= fault.afterEvents() || anyFinished || done)) {
      strike(events);
      return;
    }
    boolean wroteTokens = false;
    for (int i = 0; i < choices.size(); i++) {
      ObjectNode chunk = nextChunk(i, generated[i], done);
      if (chunk != null) {
        append(events, ResponseBodies.event(chunk));
        wroteTokens = true;
      }
    }
    if (wroteTokens) {
      tokenFlushes++;
    }
    if (done && allFinalSent()) {
      if (request.includeUsage()) {
        append(events, ResponseBodies.event(bodies.usageChunk(request, fullId, created, choices)));
      }
      append(events, ResponseBodies.DONE_EVENT);
      end(200, null, choices);
      write(events.toByteArray());
      exchange.close();
    } else if (events.size() > 0) {
      write(events.toByteArray());
    }
  }

  /** The next chunk of choice {@code i}, or null when it has nothing new to send. */
  private ObjectNode nextChunk(int i, int generated, boolean done) {
    if (finalSent[i]) {
      return null;
    }
    SimulatedModel.Choice c = choices.get(i);
    boolean finished = generated >= c.completionTokens() || done;
    int[] ends = tokenEnds[i];
    int chars;
    if (finished) {
      chars = c.text().length();
    } else {
      chars = generated == 0 || ends.length == 0 ? 0 : ends[Math.min(generated, ends.length) - 1];
    }
    int from = sentChars[i];
    if (chars <= from && !finished) {
      return null;
    }
    sentChars[i] = Math.max(from, chars);
    finalSent[i] = finished;
    String finish = finished ? c.finishReason() : null;
    if (!request.chat()) {
      String piece = c.text().substring(from, Math.max(from, chars));
      if (piece.isEmpty() && !finished) {
        return null;
      }
      return bodies.textChunk(fullId, created, i, piece, finish, finished ? c.stopReason() : null);
    }
    String reasoning =
        showReasoning && from < reasoningEnd[i]
            ? c.text().substring(from, Math.min(chars, reasoningEnd[i]))
            : "";
    String content =
        chars > contentStart[i] ? c.text().substring(Math.max(from, contentStart[i]), chars) : "";
    if (reasoning.isEmpty() && content.isEmpty() && !finished) {
      return null;
    }
    ObjectNode delta = ResponseBodies.JSON.createObjectNode();
    if (!reasoning.isEmpty()) {
      bodies.putReasoning(delta, reasoning);
    }
    if (!content.isEmpty()) {
      delta.put("content", content);
    }
    return bodies.chatChunk(fullId, created, i, delta, finish, c.stopReason(), finished);
  }

  private void strike(ByteArrayOutputStream events) {
    switch (fault.kind()) {
      case STREAM_STALL:
        stalled = true;
        write(events.toByteArray());
        if (jobDone) {
          scheduleStalledClose();
        }
        return;
      case STREAM_DROP:
        end(200, "stream_drop", null);
        write(events.toByteArray());
        engine.cancel(job);
        exchange.close();
        return;
      default:
        append(events, bodies.errorEvent(500, "InternalServerError", STREAM_ERROR));
        append(events, ResponseBodies.DONE_EVENT);
        end(200, "stream_error", null);
        write(events.toByteArray());
        engine.cancel(job);
        exchange.close();
    }
  }

  private void scheduleStalledClose() {
    Runnable close =
        () -> {
          synchronized (this) {
            if (!ended) {
              end(200, "stream_stall", choices);
              exchange.close();
            }
          }
        };
    try {
      executor.schedule(close, config.streamStallMillis(), TimeUnit.MILLISECONDS);
    } catch (RuntimeException rejected) {
      close.run();
    }
  }

  private boolean sendHeaders() {
    try {
      exchange.getResponseHeaders().set("Content-Type", EVENT_STREAM);
      boolean drop = fault.kind() == FaultInjector.Kind.STREAM_DROP;
      exchange.sendResponseHeaders(200, drop ? UNREACHED_LENGTH : 0);
      out = exchange.getResponseBody();
      headersSent = true;
      return true;
    } catch (IOException e) {
      disconnected();
      return false;
    }
  }

  private void write(byte[] bytes) {
    if (bytes.length == 0 || out == null) {
      return;
    }
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      disconnected();
    }
  }

  /** The client went away: abort the request like vLLM does when a stream write fails (§4.8). */
  private void disconnected() {
    if (!ended) {
      end(headersSent ? 200 : 0, "disconnected", null);
    }
    engine.cancel(job);
    exchange.close();
  }

  private void end(int status, String faultKind, List<SimulatedModel.Choice> logged) {
    ended = true;
    logger.log(status, faultKind, logged);
  }

  private boolean allFinalSent() {
    for (boolean sent : finalSent) {
      if (!sent) {
        return false;
      }
    }
    return true;
  }

  private static void append(ByteArrayOutputStream events, byte[] bytes) {
    events.write(bytes, 0, bytes.length);
  }
}
