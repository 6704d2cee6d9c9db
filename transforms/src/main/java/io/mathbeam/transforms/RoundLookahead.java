package io.mathbeam.transforms;

import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.SampleRequests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;

/**
 * Keeps the fleet busy between the rounds of {@code eval --precision} where generation runs in the
 * driver's JVM (the DirectRunner): while a round's last long samples finish, the next round's
 * samples are sent ahead through the same dispatcher ({@link GenerationDispatcher#lookAhead}), and
 * the next round's pipeline takes over those in flight or answered instead of sending them again.
 * Answers no pipeline took over are written to the generation cache, which the next round reads.
 *
 * <p>It holds a reference to the worker's shared client and dispatcher ({@link SharedGeneration})
 * from the first round to the last, so both outlive each round's pipeline. It hears every
 * generation and grades it with the symbolic grader, so that the driver can project the next
 * round's K before this round ends ({@link #outcomes}). Code problems and multiple choice with
 * shuffled options are never looked ahead: their grading needs a sandbox, and their requests depend
 * on their seed beyond what one request of the problem shows. Samples an earlier attempt of the run
 * sent ahead and cached (a run killed and started again) are not sent again.
 */
public final class RoundLookahead implements AutoCloseable {
  private final SharedGeneration shared;
  private final GenerationDispatcher dispatcher;
  private final long baseSeed;
  private final boolean shuffleChoices;
  private final GenerationCacheWriter cache;
  private final LinkedBlockingQueue<Generation> heard = new LinkedBlockingQueue<>();
  private final Thread worker;
  private volatile boolean closing;
  private volatile IOException cacheFailure;

  /** One request per problem, by problem key, in the order first heard; guarded by this. */
  private final Map<String, SampleRequest> problems = new LinkedHashMap<>();

  /** Per problem key, each heard sample's grade by index (true: correct); guarded by this. */
  private final Map<String, Map<Integer, Boolean>> outcomes = new HashMap<>();

  private long roundStart;

  /** The cache keys of the samples earlier attempts sent ahead. */
  private final Set<String> sentBefore;

  private RoundLookahead(GenerationConfig config, long baseSeed, boolean shuffleChoices) {
    // read first: a failure here must not leave the shared client acquired
    this.sentBefore = cachedAhead(config.cacheDir());
    this.shared = SharedGeneration.acquire(config);
    this.dispatcher = shared.dispatcher();
    this.baseSeed = baseSeed;
    this.shuffleChoices = shuffleChoices;
    // a run tag of its own: a retried bundle of the run must not take these for its checkpoints
    this.cache =
        config.cacheDir() == null
            ? null
            : new GenerationCacheWriter(
                config.cacheDir(), config.cacheCheckpointSeconds(), config.runId() + LOOKAHEAD);
    dispatcher.listen(heard::add);
    this.worker = new Thread(this::work, "round-lookahead");
    worker.setDaemon(true);
    worker.start();
  }

  /**
   * Opens the lookahead of {@code config}'s generation, or returns null where it cannot work: with
   * job-wide limits the driver holds no share of the fleet's caps.
   */
  public static RoundLookahead open(
      GenerationConfig config, long baseSeed, boolean shuffleChoices) {
    if (config.client().leasedCaps() || config.keyedGroups() == 0) {
      return null;
    }
    return new RoundLookahead(config, baseSeed, shuffleChoices);
  }

  /** Appended to a run's tag in the names of the cache files its samples sent ahead go to. */
  private static final String LOOKAHEAD = "lookahead";

  /** The keys in the cache files of samples sent ahead (only these: the rest can be large). */
  private static Set<String> cachedAhead(String cacheDir) {
    Set<String> keys = new HashSet<>();
    if (cacheDir == null) {
      return keys;
    }
    try {
      MatchResult files =
          FileSystems.match(
              cacheDir + "/generations-*" + LOOKAHEAD + "-*.jsonl", EmptyMatchTreatment.ALLOW);
      if (files.status() == MatchResult.Status.OK) {
        for (MatchResult.Metadata file : files.metadata()) {
          CacheFiles.scan(file.resourceId(), (key, line, offset, length) -> keys.add(key));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading the samples sent ahead in " + cacheDir, e);
    }
    return keys;
  }

  /** A round's pipeline is about to start. */
  public synchronized void roundStarts() {
    roundStart = dispatcher.submitted();
  }

  /**
   * Whether the round has sent every sample it submitted: what is left of it is in flight, and the
   * fleet has room for samples of the next round.
   */
  public boolean roundSent() {
    long submitted = dispatcher.submitted();
    synchronized (this) {
      return submitted > roundStart && dispatcher.pending() == 0;
    }
  }

  /** Samples the round's pipeline has submitted so far (taken over or sent). */
  public synchronized long roundSubmitted() {
    return dispatcher.submitted() - roundStart;
  }

  /**
   * The grades heard so far of samples {@code from..to-1} of each problem of {@code dataset}, by
   * problem id: [samples, correct].
   */
  public synchronized Map<String, int[]> outcomes(String dataset, int from, int to) {
    Map<String, int[]> out = new TreeMap<>();
    problems.forEach(
        (key, r) -> {
          if (!r.datasetId().equals(dataset)) {
            return;
          }
          int[] counts = new int[2];
          outcomes
              .getOrDefault(key, Map.of())
              .forEach(
                  (index, correct) -> {
                    if (index >= from && index < to) {
                      counts[0]++;
                      counts[1] += correct ? 1 : 0;
                    }
                  });
          out.put(r.problemId(), counts);
        });
    return out;
  }

  /**
   * Sends samples {@code from..to-1} of every problem of {@code dataset} heard so far ahead (those
   * sent ahead already are skipped), sample by sample across the problems. Returns how many were
   * queued.
   */
  public int aim(String dataset, int from, int to) {
    return aim(dataset, problem -> from, problem -> to);
  }

  /**
   * Sends samples {@code from..to-1} of each problem of {@code dataset} named in {@code to} (by
   * problem id; {@code from} 0 where a problem is not named there) ahead, as {@link #aim(String,
   * int, int)} does for a range every problem shares: the next phase of {@code
   * --allocation=adaptive}.
   */
  public int aim(String dataset, Map<String, Integer> from, Map<String, Integer> to) {
    return aim(
        dataset, problem -> from.getOrDefault(problem, 0), problem -> to.getOrDefault(problem, 0));
  }

  /** Sends samples {@code from(id)..to(id)-1} of each problem of {@code dataset} ahead. */
  private int aim(String dataset, ToIntFunction<String> from, ToIntFunction<String> to) {
    List<SampleRequest> requests = new ArrayList<>();
    synchronized (this) {
      List<SampleRequest> heard =
          problems.values().stream().filter(r -> r.datasetId().equals(dataset)).toList();
      int most = heard.stream().mapToInt(r -> to.applyAsInt(r.problemId())).max().orElse(0);
      for (int index = 0; index < most; index++) {
        for (SampleRequest r : heard) {
          if (index < from.applyAsInt(r.problemId()) || index >= to.applyAsInt(r.problemId())) {
            continue;
          }
          SampleRequest ahead = SampleRequests.another(r, index, baseSeed);
          if (!sentBefore.contains(SampleKeys.of(ahead))) {
            requests.add(ahead);
          }
        }
      }
    }
    return requests.isEmpty() ? 0 : dispatcher.lookAhead(requests);
  }

  /** Drops the samples of {@code dataset} from index {@code upTo} on that were not sent yet. */
  public int withdraw(String dataset, int upTo) {
    return dispatcher.withdrawLookahead(
        r -> r.datasetId().equals(dataset) && r.sampleIndex() >= upTo);
  }

  /** Looked-ahead samples sent so far. */
  public long sent() {
    return dispatcher.lookaheadSent();
  }

  /**
   * The samples of {@code dataset} sent ahead for nothing: of index {@code used} or more (no round
   * asked for them), failed, or still in flight; [samples, completion tokens].
   */
  public long[] unused(String dataset, int used) {
    return dispatcher.lookaheadUnused(
        r -> r.datasetId().equals(dataset), r -> r.sampleIndex() < used);
  }

  /**
   * The same where each problem had its own samples ({@code used} by problem id; a problem not
   * named there had none).
   */
  public long[] unused(String dataset, Map<String, Integer> used) {
    return dispatcher.lookaheadUnused(
        r -> r.datasetId().equals(dataset),
        r -> r.sampleIndex() < used.getOrDefault(r.problemId(), 0));
  }

  private void work() {
    Grader grader = new Grader();
    try {
      while (!closing || !heard.isEmpty()) {
        Generation h = heard.poll(100, TimeUnit.MILLISECONDS);
        if (h != null) {
          record(grader, h);
        }
        boolean wrote = false;
        Generation answer;
        while ((answer = dispatcher.pollLookahead(0)) != null) {
          if (!answer.failed() && cache != null) {
            write(answer);
            wrote = true;
          }
        }
        if (!wrote && h == null && cache != null) {
          // idle: what was written becomes durable (on an object store, visible)
          cache.close();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      cacheFailure = e;
    }
  }

  private void write(Generation answer) throws IOException {
    cache.append(CachedGenerationJson.line(SampleKeys.of(answer.request()), answer));
  }

  private void record(Grader grader, Generation g) {
    SampleRequest r = g.request();
    if (r.isCode() || (r.isMultipleChoice() && shuffleChoices) || g.failed()) {
      return;
    }
    boolean correct;
    try {
      correct = GradeResponses.grade(grader, g).status() == GradeStatus.CORRECT;
    } catch (RuntimeException e) {
      // only the projection misses this sample: the pipeline grades it on its own
      return;
    }
    synchronized (this) {
      problems.putIfAbsent(r.problemKey(), r);
      outcomes.computeIfAbsent(r.problemKey(), k -> new HashMap<>()).put(r.sampleIndex(), correct);
    }
  }

  /**
   * Drops the samples not sent yet, stops hearing, and lets go of the client (the samples still in
   * flight are abandoned with it when no pipeline holds it).
   */
  @Override
  public void close() throws IOException {
    dispatcher.withdrawLookahead(r -> true);
    dispatcher.listen(g -> {});
    closing = true;
    try {
      worker.join(TimeUnit.SECONDS.toMillis(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    dispatcher.forgetLookahead();
    try {
      if (cache != null) {
        cache.close();
      }
    } finally {
      shared.release();
    }
    if (cacheFailure != null) {
      throw new UncheckedIOException("writing looked-ahead samples to the cache", cacheFailure);
    }
  }
}
