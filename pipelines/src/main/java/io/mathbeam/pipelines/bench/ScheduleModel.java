package io.mathbeam.pipelines.bench;

import io.mathbeam.core.sim.LatencyModel;
import io.mathbeam.core.sim.RequestLogEntry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an order of dispatch can reach on one run's sample lengths: a replay of the step-time model
 * (spec §8.2, no HTTP, no jitter) for orders that know more or less of the lengths, so that a
 * utilisation target can be set against what is reachable (docs/runners.md, "What an order can
 * reach").
 *
 * <p>Each replica runs up to {@code cap} sequences; every step emits one token to each and takes
 * {@code F_r * (t0 + B*c_seq + C*c_kv)}, plus {@code c_pf} per prompt token the replica has not
 * prefilled before. Samples wait in one queue in the order's sequence and go to a replica as its
 * slots free; a slower replica takes a sample only when it is expected to end there no later than
 * on the fastest replica (expected length as the order knows it), so an uneven fleet is not handed
 * long samples blindly.
 */
final class ScheduleModel {
  /** One sample: its problem (a prompt's hash), prompt and output tokens. */
  record Job(String problem, int promptTokens, long outputTokens) {}

  /** Orders of dispatch, from knowing nothing of the lengths to knowing all of them. */
  enum Order {
    PROBLEM_ORDER("problems in arrival order, lengths unknown"),
    LONGEST_PROBLEM_FIRST("longest problem mean first, every problem's mean known exactly"),
    ROUND_ROBIN(
        "lengths unknown, preemptive round robin in slices of half the median length, each resumed"
            + " at no cost"),
    LONGEST_SAMPLE_FIRST("longest sample first, every sample's length known (the oracle)");

    final String description;

    Order(String description) {
      this.description = description;
    }
  }

  private final LatencyModel model;
  private final double[] speeds;
  private final int cap;

  ScheduleModel(LatencyModel model, List<Double> speeds, int cap) {
    if (cap < 1 || speeds.isEmpty()) {
      throw new IllegalArgumentException("a fleet needs replicas and a cap >= 1");
    }
    this.model = model;
    this.speeds = speeds.stream().mapToDouble(Double::doubleValue).toArray();
    this.cap = cap;
  }

  /**
   * The samples a run's request log answered, each at its first answer, in the order they arrived;
   * an n-request's choices each at the request's mean length (as the ideal prices them).
   */
  static List<Job> jobsOf(List<RequestLogEntry> firstAnswers) {
    List<RequestLogEntry> sorted = new ArrayList<>(firstAnswers);
    sorted.sort(Comparator.comparingLong(RequestLogEntry::arrivalMs));
    List<Job> jobs = new ArrayList<>();
    for (RequestLogEntry e : sorted) {
      int n = e.n() == null ? 1 : Math.max(1, e.n());
      int prompt = e.promptTokens() == null ? 0 : e.promptTokens();
      long completion = e.completionTokens() == null ? 0 : e.completionTokens();
      for (int i = 0; i < n; i++) {
        jobs.add(new Job(e.promptHash(), prompt, Math.max(1, Math.round(completion / (double) n))));
      }
    }
    return jobs;
  }

  /** The ideal makespan of {@link FleetFigures} for these samples, in model milliseconds. */
  double idealMs(List<Job> jobs) {
    double work = 0;
    double longest = 0;
    Set<String> prefilled = new HashSet<>();
    for (Job j : jobs) {
      if (prefilled.add(j.problem() + "/" + j.promptTokens())) {
        work += j.promptTokens() * model.cPfMs();
      }
      work += FleetFigures.decodeMs(model, j.promptTokens(), j.outputTokens(), model.t0Ms() / cap);
      longest = Math.max(longest, FleetFigures.ownMs(model, j.promptTokens(), j.outputTokens()));
    }
    double capacity = Arrays.stream(speeds).map(f -> 1 / f).sum();
    double fastest = Arrays.stream(speeds).min().orElse(1);
    return Math.max(work / capacity, fastest * longest);
  }

  /** The utilisation {@code order} reaches on these samples: the ideal over its makespan. */
  double utilisation(List<Job> jobs, Order order) {
    return jobs.isEmpty() ? 0 : idealMs(jobs) / makespanMs(jobs, order);
  }

  /** The utilisation of every order on these samples, in the order of {@link Order}. */
  Map<Order, Double> utilisations(List<Job> jobs) {
    Map<Order, Double> reached = new EnumMap<>(Order.class);
    for (Order order : Order.values()) {
      reached.put(order, utilisation(jobs, order));
    }
    return reached;
  }

  /** The most an order that does not know each sample's length reached. */
  static double bestWithoutLengths(Map<Order, Double> reached) {
    double best = 0;
    for (Map.Entry<Order, Double> e : reached.entrySet()) {
      if (e.getKey() != Order.LONGEST_SAMPLE_FIRST) {
        best = Math.max(best, e.getValue());
      }
    }
    return best;
  }

  /** When the last sample ends if dispatched in {@code order}, in model milliseconds. */
  double makespanMs(List<Job> jobs, Order order) {
    double[] expected = expectedLengths(jobs, order);
    List<Integer> sequence = sequence(jobs, order, expected);
    long quantum = Long.MAX_VALUE;
    if (order == Order.ROUND_ROBIN) {
      long[] sorted = jobs.stream().mapToLong(Job::outputTokens).sorted().toArray();
      quantum = Math.max(1, sorted[sorted.length / 2] / 2);
    }
    return new Replay(jobs, expected, quantum).run(sequence);
  }

  /** Each sample's length as the order knows it before the sample runs. */
  private static double[] expectedLengths(List<Job> jobs, Order order) {
    double[] expected = new double[jobs.size()];
    if (order == Order.LONGEST_SAMPLE_FIRST) {
      for (int i = 0; i < expected.length; i++) {
        expected[i] = jobs.get(i).outputTokens();
      }
    } else if (order == Order.LONGEST_PROBLEM_FIRST) {
      Map<String, double[]> sums = new HashMap<>();
      for (Job j : jobs) {
        double[] s = sums.computeIfAbsent(j.problem(), k -> new double[2]);
        s[0] += j.outputTokens();
        s[1]++;
      }
      for (int i = 0; i < expected.length; i++) {
        double[] s = sums.get(jobs.get(i).problem());
        expected[i] = s[0] / s[1];
      }
    } else {
      Arrays.fill(expected, jobs.stream().mapToLong(Job::outputTokens).average().orElse(0));
    }
    return expected;
  }

  /** The queue's order: arrival for orders without lengths, else longest expected first. */
  private static List<Integer> sequence(List<Job> jobs, Order order, double[] expected) {
    List<Integer> sequence = new ArrayList<>();
    for (int i = 0; i < jobs.size(); i++) {
      sequence.add(i);
    }
    if (order == Order.LONGEST_SAMPLE_FIRST || order == Order.LONGEST_PROBLEM_FIRST) {
      // stable: a problem's samples stay together when only its mean is known
      sequence.sort(Comparator.comparingDouble((Integer i) -> -expected[i]));
    }
    return sequence;
  }

  /** One replay: the queue, each replica's running sequences and clock. */
  private final class Replay {
    private final List<Job> jobs;
    private final double[] expected;
    private final long quantum;
    private final Deque<long[]> queue = new ArrayDeque<>(); // {job, tokens done}
    private final List<List<long[]>> running = new ArrayList<>(); // {job, done, slice end}
    private final List<Set<String>> prefixCache = new ArrayList<>();
    private final double[] clock = new double[speeds.length];

    Replay(List<Job> jobs, double[] expected, long quantum) {
      this.jobs = jobs;
      this.expected = expected;
      this.quantum = quantum;
      for (int r = 0; r < speeds.length; r++) {
        running.add(new ArrayList<>());
        prefixCache.add(new HashSet<>());
      }
    }

    double run(List<Integer> sequence) {
      for (int i : sequence) {
        queue.addLast(new long[] {i, 0});
      }
      // the first wave goes out one sample per replica in turn, as the queue's head is shared
      boolean placed = true;
      while (placed && !queue.isEmpty()) {
        placed = false;
        for (int r = 0; r < speeds.length && !queue.isEmpty(); r++) {
          placed |= admitOne(r);
        }
      }
      double end = 0;
      while (true) {
        int next = -1;
        double nextTime = Double.MAX_VALUE;
        for (int r = 0; r < speeds.length; r++) {
          if (!running.get(r).isEmpty() && clock[r] + untilNextEnd(r) < nextTime) {
            nextTime = clock[r] + untilNextEnd(r);
            next = r;
          }
        }
        if (next < 0) {
          if (!queue.isEmpty()) {
            throw new IllegalStateException("no replica takes the queue's samples");
          }
          return end;
        }
        advance(next);
        end = Math.max(end, clock[next]);
        fill(next);
        for (int r = 0; r < speeds.length; r++) {
          if (r != next && running.get(r).isEmpty() && !queue.isEmpty()) {
            // an idle replica takes work from now on; a busy one takes it at its next step's end
            clock[r] = Math.max(clock[r], clock[next]);
            fill(r);
          }
        }
      }
    }

    /** Time until replica r's next sequence ends or reaches its slice's end. */
    private double untilNextEnd(int r) {
      List<long[]> seqs = running.get(r);
      long k = Long.MAX_VALUE;
      long context = 0;
      for (long[] s : seqs) {
        k = Math.min(k, s[2] - s[1]);
        context += jobs.get((int) s[0]).promptTokens() + s[1];
      }
      int b = seqs.size();
      double perStep = model.t0Ms() + b * model.cSeqMs() + context * model.cKvMs();
      return speeds[r] * (k * perStep + model.cKvMs() * b * k * (k - 1) / 2.0);
    }

    private void advance(int r) {
      clock[r] += untilNextEnd(r);
      List<long[]> seqs = running.get(r);
      long k = seqs.stream().mapToLong(s -> s[2] - s[1]).min().orElse(0);
      List<long[]> still = new ArrayList<>();
      for (long[] s : seqs) {
        s[1] += k;
        if (s[1] < s[2]) {
          still.add(s);
        } else if (s[1] < jobs.get((int) s[0]).outputTokens()) {
          queue.addLast(new long[] {s[0], s[1]}); // preempted: back of the queue
        }
      }
      running.set(r, still);
    }

    private void fill(int r) {
      while (running.get(r).size() < cap && !queue.isEmpty() && admitOne(r)) {
        // admitted one; try the next
      }
    }

    /**
     * Admits the first queued sample replica r should take, charging its prefill; false when it
     * takes none (a slower replica on which every queued sample is expected to end later than on
     * the fastest one).
     */
    private boolean admitOne(int r) {
      if (running.get(r).size() >= cap) {
        return false;
      }
      long[] chosen = null;
      for (long[] q : queue) {
        if (worthTaking(r, q)) {
          chosen = q;
          break;
        }
      }
      if (chosen == null) {
        return false;
      }
      queue.remove(chosen);
      Job job = jobs.get((int) chosen[0]);
      if (chosen[1] == 0) {
        boolean cached = !prefixCache.get(r).add(job.problem() + "/" + job.promptTokens());
        clock[r] += speeds[r] * (cached ? 1 : job.promptTokens()) * model.cPfMs();
      }
      long sliceEnd =
          quantum == Long.MAX_VALUE
              ? job.outputTokens()
              : Math.min(job.outputTokens(), chosen[1] + quantum);
      running.get(r).add(new long[] {chosen[0], chosen[1], sliceEnd});
      return true;
    }

    /** Whether a sample is expected to end on replica r no later than on the fastest replica. */
    private boolean worthTaking(int r, long[] queued) {
      double fastest = Arrays.stream(speeds).min().orElse(1);
      if (speeds[r] <= fastest) {
        return true;
      }
      double remaining = Math.max(1, Math.min(quantum, expected[(int) queued[0]] - queued[1]));
      double here = clock[r] + remaining * stepMs(r);
      double there = Double.MAX_VALUE;
      for (int f = 0; f < speeds.length; f++) {
        if (speeds[f] == fastest) {
          double free = running.get(f).size() < cap ? clock[f] : clock[f] + untilNextEnd(f);
          there = Math.min(there, Math.max(free, clock[r]) + remaining * stepMs(f));
        }
      }
      return here <= there;
    }

    /** Replica r's time per step with its batch as it is now, one more sequence admitted. */
    private double stepMs(int r) {
      long context = 0;
      for (long[] s : running.get(r)) {
        context += jobs.get((int) s[0]).promptTokens() + s[1];
      }
      return speeds[r] * model.stepMs(running.get(r).size() + 1, context, 0);
    }
  }
}
