package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Keeps a window of sample sequences in flight and refills it from a queue of pending samples the
 * moment a response arrives, on the thread that delivered the response. Whoever consumes the
 * results (a Beam bundle that grades and writes them, for instance) can fall behind without leaving
 * a replica slot empty; only the number of pending samples it may submit ahead is bounded.
 *
 * <p>Which pending sample goes next is {@link DispatchOrder}'s choice: longest expected work first,
 * learnt from the samples that have finished. Several consumers can share one dispatcher, and so
 * one window and one order, each through its own {@link Batch}, which receives the results of the
 * samples it submitted; the dispatcher's own methods ({@link #submit}, {@link #take}, ...) are
 * those of a default batch.
 *
 * <p>With {@code samplesPerRequest > 1}, consecutive-seed samples of one problem are sent together
 * as one request with {@code n} choices (see {@link OpenAiClient#generateBatch}). A problem's
 * samples wait to be batched only while it is the problem a batch submitted last (its remaining
 * samples are probably on their way: batches submitting at the same time do not cut each other's
 * problems short) and fewer than {@code samplesPerRequest} are pending; {@link Batch#flush()}
 * releases them at the end of that batch's input.
 *
 * <p>Samples can also be sent ahead of the consumer that will ask for them ({@link #lookAhead}):
 * they go only when no submitted sample waits, and a batch that later submits one of them takes it
 * over, queued, in flight or answered, instead of sending it again ({@link LookaheadSamples}).
 * Answers no batch took over are handed out by {@link #pollLookahead}.
 *
 * <p>Thread-safe. Every submitted sample yields exactly one {@link Generation}, a failure included.
 */
public final class GenerationDispatcher {
  private final OpenAiClient client;
  private final PromptTemplate template;
  private final SamplingParams params;
  private final int samplesPerRequest;

  /** Draws a request that carries one sample through a given generator (TIR), or null. */
  private final SampleGenerator single;

  private final Batch defaultBatch = new Batch();
  private final AtomicInteger dispatchRequests = new AtomicInteger();

  /**
   * Pending samples by problem, in seed order, or longest known first when an earlier run knew them
   * ({@link LengthPriors}); guarded by {@code this}.
   */
  private final Map<String, Queue<Entry>> pending = new HashMap<>();

  private final LengthPriors priors;

  /** Whether samples are ordered by their own known lengths (never with n-batching). */
  private final boolean perSample;

  private final DispatchOrder order;
  private int window;

  /**
   * The problems a batch submitted last, whose further samples are probably on their way (count of
   * batches per problem); guarded by {@code this}.
   */
  private final Map<String, Integer> growing = new HashMap<>();

  /** The first wave held back for the whole input when priors order it; guarded by this. */
  private final InputGathering gathering;

  /** Samples sent ahead of their consumers; guarded by this. */
  private final LookaheadSamples<Batch> lookahead = new LookaheadSamples<>();

  private final LinkedBlockingQueue<Generation> lookaheadAnswers = new LinkedBlockingQueue<>();
  private volatile Consumer<Generation> listener = g -> {};

  private int pendingSamples;
  private long submitted;
  private int inFlight;
  private int maxInFlight;
  private int outstanding;

  /**
   * A pending sample, with its problem's key computed once and its known length (NaN when none); a
   * looked-ahead sample has no batch.
   */
  private record Entry(SampleRequest request, String problem, Batch batch, double prior) {}

  private static final Comparator<Entry> LONGEST_KNOWN_FIRST =
      Comparator.comparingDouble(Entry::prior)
          .reversed()
          .thenComparingLong(entry -> entry.request().seed());

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
    this(client, template, params, window, samplesPerRequest, null, LengthPriors.NONE);
  }

  /**
   * @param single draws each sample on its own (tool-integrated reasoning: a sample's requests
   *     depend on its own outputs), or null to use the client directly; given, every request
   *     carries one sample
   * @param priors completion lengths of an earlier run of the same model: the dispatch order starts
   *     from them instead of probing each problem ({@link DispatchOrder})
   */
  public GenerationDispatcher(
      OpenAiClient client,
      PromptTemplate template,
      SamplingParams params,
      int window,
      int samplesPerRequest,
      SampleGenerator single,
      LengthPriors priors) {
    if (window < 0 || samplesPerRequest < 1) {
      throw new IllegalArgumentException("window must be >= 0 and samplesPerRequest >= 1");
    }
    this.client = client;
    this.template = template;
    this.params = params;
    this.window = window;
    this.order = new DispatchOrder(client.config().dispatchPolicy(), priors);
    this.priors = priors;
    this.gathering = new InputGathering(priors, client.config().dispatchPolicy());
    // a given generator draws its samples one by one; otherwise the client may batch them
    this.samplesPerRequest = params.temperature() == 0 || single != null ? 1 : samplesPerRequest;
    this.perSample =
        this.samplesPerRequest == 1
            && priors.samples() > 0
            && client.config().dispatchPolicy() == DispatchPolicy.LONGEST_FIRST;
    this.single = single;
  }

  /** A new consumer of this dispatcher: its samples share the window, their results are its own. */
  public Batch newBatch() {
    return new Batch();
  }

  /** Queues a sample of the default batch and sends whatever now fits in the window. */
  public void submit(SampleRequest request) {
    defaultBatch.submit(request);
  }

  /** Marks the end of the default batch's input for now: samples held back for batching go. */
  public void flush() {
    defaultBatch.flush();
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

  /** A finished generation of the default batch, or null if none is ready. */
  public Generation poll() {
    return defaultBatch.poll();
  }

  /** Waits for the next finished generation of the default batch. */
  public Generation take() throws InterruptedException {
    return defaultBatch.take();
  }

  /** Samples of the default batch submitted and not yet handed out. */
  public int unfinished() {
    return defaultBatch.unfinished();
  }

  /** Samples submitted (by any batch) and not yet sent. */
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

  /** Samples submitted by any batch whose generation has not finished yet. */
  public synchronized int outstanding() {
    return outstanding;
  }

  /** Samples submitted by any batch so far (looked-ahead ones a batch took over included). */
  public synchronized long submitted() {
    return submitted;
  }

  /**
   * Sends {@code requests} ahead of the batch that will submit them, when no submitted sample
   * waits; those already looked ahead are skipped. Returns how many were queued.
   */
  public int lookAhead(List<SampleRequest> requests) {
    int added;
    synchronized (this) {
      added = lookahead.add(requests);
    }
    dispatch();
    return added;
  }

  /** Drops the looked-ahead samples not yet sent that {@code which} accepts; returns how many. */
  public synchronized int withdrawLookahead(Predicate<SampleRequest> which) {
    return lookahead.withdraw(which);
  }

  /** Looked-ahead samples queued and not sent. */
  public synchronized int lookaheadQueued() {
    return lookahead.queued();
  }

  /** Looked-ahead samples sent and not answered that no batch took over. */
  public synchronized int lookaheadInFlight() {
    return lookahead.inFlight();
  }

  /** Looked-ahead samples sent so far. */
  public synchronized long lookaheadSent() {
    return lookahead.sent();
  }

  /**
   * The looked-ahead samples among {@code among} sent for nothing: those {@code asked} rejects (no
   * consumer asks for them), those that failed and those still in flight; [samples, completion
   * tokens answered].
   */
  public synchronized long[] lookaheadUnused(
      Predicate<SampleRequest> among, Predicate<SampleRequest> asked) {
    return lookahead.unused(key -> among.test(request(key)), key -> asked.test(request(key)));
  }

  /** A request with the identity {@code key} shows (no gold answers, its round's K unknown). */
  private static SampleRequest request(LookaheadSamples.Key key) {
    return new SampleRequest(
        key.datasetId(), key.problemId(), key.problem(), List.of(), key.index(), 0, key.seed());
  }

  /**
   * The next answer to a looked-ahead sample that no batch had taken over when it arrived (a
   * success stays claimable by a batch until {@link #forgetLookahead}), waiting at most {@code
   * millis}; null if none came.
   */
  public Generation pollLookahead(long millis) throws InterruptedException {
    return lookaheadAnswers.poll(millis, TimeUnit.MILLISECONDS);
  }

  /** Forgets the looked-ahead answers no batch claimed. */
  public synchronized void forgetLookahead() {
    lookahead.forgetAnswered();
  }

  /**
   * Calls {@code listener} with every generation as it finishes, submitted or looked ahead, on the
   * thread that delivered it (it must not block).
   */
  public void listen(Consumer<Generation> listener) {
    this.listener = listener;
  }

  /** Waits until every sample submitted so far, by any batch, has finished. */
  public synchronized void awaitNoneOutstanding() throws InterruptedException {
    while (outstanding > 0) {
      wait();
    }
  }

  private static final LookaheadSamples.Claim NOT_AHEAD =
      new LookaheadSamples.Claim(LookaheadSamples.State.NONE, null);

  /** Returns whether the batch sends the sample (false: it took over one sent ahead). */
  private boolean enqueue(SampleRequest request, Batch batch) {
    LookaheadSamples.Claim claim;
    synchronized (this) {
      submitted++;
      // every submission passes here: without samples sent ahead, no identity is built
      claim = lookahead.isEmpty() ? NOT_AHEAD : lookahead.claim(request, batch);
      switch (claim.state()) {
        case IN_FLIGHT -> outstanding++;
        case ANSWERED -> {}
        default -> queue(request, batch);
      }
    }
    switch (claim.state()) {
      case IN_FLIGHT -> {
        return false;
      }
      case ANSWERED -> {
        batch.done.add(claim.answer());
        return false;
      }
      default -> {
        dispatch();
        return true;
      }
    }
  }

  /** Adds a submitted sample to the pending ones; guarded by this. */
  private void queue(SampleRequest request, Batch batch) {
    String key = problemOf(request);
    Queue<Entry> queue =
        pending.computeIfAbsent(
            key, k -> perSample ? new PriorityQueue<>(LONGEST_KNOWN_FIRST) : new ArrayDeque<>());
    OptionalInt known =
        perSample ? priors.sample(request.problemKey(), request.seed()) : OptionalInt.empty();
    queue.add(new Entry(request, key, batch, known.isPresent() ? known.getAsInt() : Double.NaN));
    if (queue.size() == 1) {
      order.pendingAdded(key);
    }
    if (perSample) {
      order.headChanged(key, queue.peek().prior());
    }
    if (!key.equals(batch.newest)) {
      stopGrowing(batch);
      batch.newest = key;
      growing.merge(key, 1, Integer::sum);
    }
    pendingSamples++;
    outstanding++;
    if (gathering.submitted()) {
      client.scheduler().schedule(InputGathering.GATHER, this::endGathering);
    }
  }

  private void endGathering() {
    synchronized (this) {
      gathering.end();
    }
    dispatch();
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
      List<Outgoing> batches = new ArrayList<>();
      int backlog;
      synchronized (this) {
        List<Entry> next;
        while (!gathering.holds()
            && inFlight < window
            && (next = nextRequest(window - inFlight)) != null) {
          inFlight += next.size();
          maxInFlight = Math.max(maxInFlight, inFlight);
          if (next.get(0).batch() != null) {
            pendingSamples -= next.size();
          }
          batches.add(new Outgoing(next, expected(next)));
        }
        // known only once the input has ended: before, more samples may still come
        backlog = growing.isEmpty() ? pendingSamples : Integer.MAX_VALUE;
      }
      client.backlog(backlog);
      for (Outgoing batch : batches) {
        send(batch.entries(), batch.expected());
      }
      missed = dispatchRequests.addAndGet(-missed);
    } while (missed != 0);
  }

  /**
   * The samples of the next request, at most {@code room}: a submitted sample's, else a
   * looked-ahead one; null when none is ready.
   */
  private List<Entry> nextRequest(int room) {
    List<Entry> submitted = nextSubmitted(room);
    if (submitted != null || !lookahead.hasQueued()) {
      return submitted;
    }
    SampleRequest ahead = lookahead.send();
    return List.of(new Entry(ahead, problemOf(ahead), null, Double.NaN));
  }

  /** The samples of the next request of the batches, at most {@code room}, or null. */
  private List<Entry> nextSubmitted(int room) {
    int size = Math.min(samplesPerRequest, room);
    Iterator<String> problems = order.order();
    while (problems.hasNext()) {
      String key = problems.next();
      Queue<Entry> queue = pending.get(key);
      boolean mayGrow = growing.containsKey(key);
      if (mayGrow && queue.size() < size) {
        continue;
      }
      List<Entry> batch = new ArrayList<>();
      batch.add(queue.poll());
      while (batch.size() < size
          && !queue.isEmpty()
          && queue.peek().request().seed() == batch.get(batch.size() - 1).request().seed() + 1) {
        batch.add(queue.poll());
      }
      order.sent(key);
      if (queue.isEmpty()) {
        pending.remove(key);
        order.pendingEmptied(key);
      } else if (perSample) {
        order.headChanged(key, queue.peek().prior());
      }
      return batch;
    }
    return null;
  }

  /** A request's samples and what the dispatch order expects of them. */
  private record Outgoing(List<Entry> entries, ExpectedLength expected) {}

  /**
   * What the order expects of a request's samples: their own known length (the longest, with
   * several), else their problem's expected length; guarded by {@code this}.
   */
  private ExpectedLength expected(List<Entry> batch) {
    double tokens = Double.NaN;
    for (Entry entry : batch) {
      if (!Double.isNaN(entry.prior())) {
        tokens = Double.isNaN(tokens) ? entry.prior() : Math.max(tokens, entry.prior());
      }
    }
    boolean own = !Double.isNaN(tokens);
    if (!own) {
      double mean = order.expectedTokens(batch.get(0).problem());
      tokens = mean < 0 ? Double.NaN : mean;
    }
    return Double.isNaN(tokens)
        ? ExpectedLength.UNKNOWN
        : new ExpectedLength(tokens, order.isLong(tokens), own);
  }

  private void send(List<Entry> batch, ExpectedLength expected) {
    try {
      if (batch.size() == 1) {
        (single != null
                ? single.generate(batch.get(0).request())
                : client.generate(batch.get(0).request(), template, params, expected))
            .whenComplete(
                (generation, error) ->
                    finished(
                        batch,
                        error == null && generation != null ? List.of(generation) : null,
                        error));
      } else {
        List<SampleRequest> requests = new ArrayList<>(batch.size());
        batch.forEach(entry -> requests.add(entry.request()));
        client
            .generateBatch(requests, template, params, expected)
            .whenComplete((generations, error) -> finished(batch, generations, error));
      }
    } catch (RuntimeException e) {
      finished(batch, null, e);
    }
  }

  private void finished(List<Entry> batch, List<Generation> generations, Throwable error) {
    List<Generation> answers = new ArrayList<>(batch.size());
    List<Batch> consumers = new ArrayList<>(batch.size());
    synchronized (this) {
      for (int i = 0; i < batch.size(); i++) {
        Entry entry = batch.get(i);
        Generation g = error == null && generations != null ? generations.get(i) : null;
        if (g != null && !g.failed()) {
          order.finished(entry.problem(), g.completionTokens());
        }
        g = g != null ? g : internalFailure(entry.request(), error);
        Batch consumer = entry.batch();
        if (consumer == null) {
          LookaheadSamples.Adopter<Batch> adopter = lookahead.answer(entry.request(), g);
          consumer = adopter == null ? null : adopter.batch();
          // an adopted sample is the adopter's: answered as its request, counted as outstanding
          answers.add(adopter == null ? g : g.forRequest(adopter.request()));
        } else {
          answers.add(g);
        }
        if (consumer != null) {
          outstanding--;
        }
        consumers.add(consumer);
      }
      inFlight -= batch.size();
      if (outstanding == 0) {
        notifyAll();
      }
    }
    for (int i = 0; i < batch.size(); i++) {
      Generation g = answers.get(i);
      listener.accept(g);
      if (consumers.get(i) != null) {
        consumers.get(i).done.add(g);
      } else {
        lookaheadAnswers.add(g);
      }
    }
    dispatch();
  }

  /** {@code batch}'s newest problem no longer waits for more samples from it. */
  private void stopGrowing(Batch batch) {
    if (batch.newest != null) {
      growing.computeIfPresent(batch.newest, (k, n) -> n > 1 ? n - 1 : null);
      batch.newest = null;
    }
  }

  private static String problemOf(SampleRequest request) {
    return request.problemKey() + "\n" + request.problem();
  }

  /** The client never fails its futures; this is the record of a defect if it ever does. */
  private static Generation internalFailure(SampleRequest request, Throwable error) {
    return Generation.builder(request).error(ErrorClass.INTERNAL, "client error: " + error).build();
  }

  /**
   * One consumer's samples: submitted into the shared window and order, their generations handed
   * back here in completion order.
   */
  public final class Batch {
    private final LinkedBlockingQueue<Generation> done = new LinkedBlockingQueue<>();
    private final AtomicInteger unfinished = new AtomicInteger();

    /** The problem this batch submitted last; guarded by the dispatcher. */
    private String newest;

    private Batch() {}

    /** Marks the end of this batch's input for now: samples held back for batching are sent. */
    public void flush() {
      synchronized (GenerationDispatcher.this) {
        stopGrowing(this);
      }
      dispatch();
    }

    /**
     * Queues a sample and sends whatever now fits in the window. Returns false when the sample had
     * been sent ahead and this batch took it over (no request of its own).
     */
    public boolean submit(SampleRequest request) {
      unfinished.incrementAndGet();
      return enqueue(request, this);
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
    public int unfinished() {
      return unfinished.get();
    }

    private Generation handOut(Generation generation) {
      if (generation != null) {
        unfinished.decrementAndGet();
      }
      return generation;
    }
  }
}
