package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps a window of sample sequences in flight and refills it from a queue of pending samples the
 * moment a response arrives, on the thread that delivered the response. Whoever consumes the
 * results (a Beam bundle that grades and writes them, for instance) can fall behind without leaving
 * a replica slot empty; only the number of pending samples it may submit ahead is bounded.
 *
 * <p>With {@code samplesPerRequest > 1}, consecutive-seed samples of one problem are sent together
 * as one request with {@code n} choices (see {@link OpenAiClient#generateBatch}). A problem's
 * samples wait to be batched only while it is the problem most recently submitted (its remaining
 * samples are probably on their way) and fewer than {@code samplesPerRequest} are pending; {@link
 * #flush()} releases them at the end of the input.
 *
 * <p>Thread-safe. Results come out of {@link #poll()} / {@link #take()} in completion order; every
 * submitted sample yields exactly one {@link Generation}, a failure included.
 */
public final class GenerationDispatcher {
  private final OpenAiClient client;
  private final PromptTemplate template;
  private final SamplingParams params;
  private final int samplesPerRequest;

  /** Draws a request that carries one sample. */
  private final SampleGenerator single;

  private final LinkedBlockingQueue<Generation> done = new LinkedBlockingQueue<>();
  private final AtomicInteger dispatchRequests = new AtomicInteger();

  /** Pending samples by problem, oldest problem first; guarded by {@code this}. */
  private final Map<String, ArrayDeque<SampleRequest>> pending = new LinkedHashMap<>();

  private int window;
  private String newestProblem;
  private boolean flushed;
  private int pendingSamples;
  private int inFlight;
  private int maxInFlight;
  private int unfinished;

  /**
   * @param window most sequences in flight at once (the client's per-replica caps still apply); 0
   *     sends nothing until {@link #widen} raises it
   * @param samplesPerRequest most samples of one problem per request; 1 sends one request each
   */
  public GenerationDispatcher(
      OpenAiClient client,
      PromptTemplate template,
      SamplingParams params,
      int window,
      int samplesPerRequest) {
    this(client, template, params, window, samplesPerRequest, null);
  }

  /**
   * @param single draws each sample on its own (tool-integrated reasoning: a sample's requests
   *     depend on its own outputs), or null to use the client directly; given, every request
   *     carries one sample
   */
  public GenerationDispatcher(
      OpenAiClient client,
      PromptTemplate template,
      SamplingParams params,
      int window,
      int samplesPerRequest,
      SampleGenerator single) {
    if (window < 0 || samplesPerRequest < 1) {
      throw new IllegalArgumentException("window must be >= 0 and samplesPerRequest >= 1");
    }
    this.client = client;
    this.template = template;
    this.params = params;
    this.window = window;
    // a given generator draws its samples one by one; otherwise the client may batch them
    this.samplesPerRequest = params.temperature() == 0 || single != null ? 1 : samplesPerRequest;
    this.single = single != null ? single : request -> client.generate(request, template, params);
  }

  /** Queues a sample and sends whatever now fits in the window. */
  public void submit(SampleRequest request) {
    synchronized (this) {
      String key = problemOf(request);
      pending.computeIfAbsent(key, k -> new ArrayDeque<>()).add(request);
      newestProblem = key;
      flushed = false;
      pendingSamples++;
      unfinished++;
    }
    dispatch();
  }

  /**
   * Changes the window by {@code delta} sequences: a worker that holds leased shares of the fleet's
   * caps keeps as many sequences in flight as its leases add up to.
   */
  public void widen(int delta) {
    synchronized (this) {
      if (window + delta < 0) {
        throw new IllegalArgumentException("window " + window + " cannot shrink by " + -delta);
      }
      window += delta;
    }
    dispatch();
  }

  /** Marks the end of the input for now: samples held back for batching are sent. */
  public void flush() {
    synchronized (this) {
      flushed = true;
    }
    dispatch();
  }

  /** A finished generation, or null if none is ready. */
  public Generation poll() {
    return handOut(done.poll());
  }

  /** Waits for the next finished generation. */
  public Generation take() throws InterruptedException {
    return handOut(done.take());
  }

  /** Samples submitted and not yet handed out by {@link #poll()} or {@link #take()}. */
  public synchronized int unfinished() {
    return unfinished;
  }

  /** Samples submitted and not yet sent. */
  public synchronized int pending() {
    return pendingSamples;
  }

  /** Sequences sent and not yet answered. */
  public synchronized int inFlight() {
    return inFlight;
  }

  /** The most sequences that were in flight at once. */
  public synchronized int maxInFlight() {
    return maxInFlight;
  }

  private Generation handOut(Generation generation) {
    if (generation != null) {
      synchronized (this) {
        unfinished--;
      }
    }
    return generation;
  }

  /**
   * Sends what fits. One thread at a time runs the loop; a call that finds it running only asks it
   * to go round again, so a response that completes inline (a closed client fails at once) cannot
   * recurse through send and finished once per pending sample.
   */
  private void dispatch() {
    if (dispatchRequests.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    do {
      List<List<SampleRequest>> batches = new ArrayList<>();
      synchronized (this) {
        List<SampleRequest> next;
        while (inFlight < window && (next = nextBatch(window - inFlight)) != null) {
          inFlight += next.size();
          maxInFlight = Math.max(maxInFlight, inFlight);
          pendingSamples -= next.size();
          batches.add(next);
        }
      }
      for (List<SampleRequest> batch : batches) {
        send(batch);
      }
      missed = dispatchRequests.addAndGet(-missed);
    } while (missed != 0);
  }

  /** The next samples to send, at most {@code room}, or null when none is ready. */
  private List<SampleRequest> nextBatch(int room) {
    Iterator<Map.Entry<String, ArrayDeque<SampleRequest>>> problems = pending.entrySet().iterator();
    while (problems.hasNext()) {
      Map.Entry<String, ArrayDeque<SampleRequest>> entry = problems.next();
      ArrayDeque<SampleRequest> queue = entry.getValue();
      boolean mayGrow = !flushed && entry.getKey().equals(newestProblem);
      if (mayGrow && queue.size() < Math.min(samplesPerRequest, room)) {
        continue;
      }
      List<SampleRequest> batch = new ArrayList<>();
      batch.add(queue.poll());
      while (batch.size() < Math.min(samplesPerRequest, room)
          && !queue.isEmpty()
          && queue.peek().seed() == batch.get(batch.size() - 1).seed() + 1) {
        batch.add(queue.poll());
      }
      if (queue.isEmpty()) {
        problems.remove();
      }
      return batch;
    }
    return null;
  }

  private void send(List<SampleRequest> batch) {
    try {
      if (batch.size() == 1) {
        single
            .generate(batch.get(0))
            .whenComplete(
                (generation, error) ->
                    finished(
                        batch,
                        error == null && generation != null ? List.of(generation) : null,
                        error));
      } else {
        client
            .generateBatch(batch, template, params)
            .whenComplete((generations, error) -> finished(batch, generations, error));
      }
    } catch (RuntimeException e) {
      finished(batch, null, e);
    }
  }

  private void finished(List<SampleRequest> batch, List<Generation> generations, Throwable error) {
    for (int i = 0; i < batch.size(); i++) {
      Generation g = error == null && generations != null ? generations.get(i) : null;
      done.add(g != null ? g : internalFailure(batch.get(i), error));
    }
    synchronized (this) {
      inFlight -= batch.size();
    }
    dispatch();
  }

  private static String problemOf(SampleRequest request) {
    return request.problemKey() + "\n" + request.problem();
  }

  /** The client never fails its futures; this is the record of a defect if it ever does. */
  private static Generation internalFailure(SampleRequest request, Throwable error) {
    return new Generation(
        request,
        null,
        null,
        null,
        0,
        0,
        0,
        null,
        0,
        ErrorClass.INTERNAL.name(),
        "client error: " + error);
  }
}
