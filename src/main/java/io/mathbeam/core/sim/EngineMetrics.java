package io.mathbeam.core.sim;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/** Counters and gauges of one replica, rendered as vLLM V1 Prometheus series (spec §6). */
final class EngineMetrics {
  private static final double[] LATENCY_BUCKETS = {
    0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0,
    20.0, 40.0, 80.0, 160.0, 640.0, 2560.0
  };

  volatile int running;
  volatile int waiting;
  volatile double kvUsage;
  final AtomicLong preemptions = new AtomicLong();
  final AtomicLong promptTokens = new AtomicLong();
  final AtomicLong generationTokens = new AtomicLong();
  private final Map<String, AtomicLong> success = new TreeMap<>();
  private final Histogram ttft = new Histogram();
  private final Histogram e2e = new Histogram();
  private final Histogram queue = new Histogram();
  private final AtomicLong promptTokensSeen = new AtomicLong();
  private final AtomicLong promptsSeen = new AtomicLong();

  EngineMetrics() {
    for (String reason : new String[] {"stop", "length", "abort"}) {
      success.put(reason, new AtomicLong());
    }
  }

  void recordFinished(String reason) {
    AtomicLong counter;
    synchronized (success) {
      counter = success.computeIfAbsent(reason, r -> new AtomicLong());
    }
    counter.incrementAndGet();
  }

  void recordLatencies(double ttftSeconds, double e2eSeconds, double queueSeconds) {
    ttft.observe(ttftSeconds);
    e2e.observe(e2eSeconds);
    queue.observe(queueSeconds);
  }

  void recordPrompt(int tokens) {
    promptTokensSeen.addAndGet(tokens);
    promptsSeen.incrementAndGet();
  }

  /** Mean prompt length of the requests seen so far, or {@code fallback} before any. */
  double meanPromptTokens(double fallback) {
    long count = promptsSeen.get();
    return count == 0 ? fallback : (double) promptTokensSeen.get() / count;
  }

  String render(String model, long kvCapacityTokens) {
    String labels = "engine=\"0\",model_name=\"" + model.replace("\"", "\\\"") + "\"";
    StringBuilder out = new StringBuilder(4096);
    gauge(
        out,
        "vllm:num_requests_running",
        "Number of requests in model execution batches.",
        labels,
        running);
    gauge(
        out,
        "vllm:num_requests_waiting",
        "Number of requests waiting to be processed.",
        labels,
        waiting);
    gauge(
        out,
        "vllm:kv_cache_usage_perc",
        "KV-cache usage. 1 means 100 percent usage.",
        labels,
        kvUsage);
    gauge(
        out,
        "vllm:gpu_cache_usage_perc",
        "GPU KV-cache usage. 1 means 100 percent usage.",
        labels,
        kvUsage);
    counter(
        out,
        "vllm:num_preemptions_total",
        "Cumulative number of preemption from the engine.",
        labels,
        preemptions.get());
    counter(
        out,
        "vllm:prompt_tokens_total",
        "Number of prefill tokens processed.",
        labels,
        promptTokens.get());
    counter(
        out,
        "vllm:generation_tokens_total",
        "Number of generation tokens processed.",
        labels,
        generationTokens.get());
    out.append("# HELP vllm:request_success_total Count of successfully processed requests.\n")
        .append("# TYPE vllm:request_success_total counter\n");
    synchronized (success) {
      for (Map.Entry<String, AtomicLong> e : success.entrySet()) {
        out.append("vllm:request_success_total{engine=\"0\",finished_reason=\"")
            .append(e.getKey())
            .append("\",")
            .append(labels.substring(labels.indexOf("model_name")))
            .append("} ")
            .append(number(e.getValue().get()))
            .append('\n');
      }
    }
    ttft.render(
        out,
        "vllm:time_to_first_token_seconds",
        "Histogram of time to first token in seconds.",
        labels);
    e2e.render(
        out,
        "vllm:e2e_request_latency_seconds",
        "Histogram of e2e request latency in seconds.",
        labels);
    queue.render(
        out,
        "vllm:request_queue_time_seconds",
        "Histogram of time spent in WAITING phase for request.",
        labels);
    out.append("# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig\n")
        .append("# TYPE vllm:cache_config_info gauge\n")
        .append(
            "vllm:cache_config_info{block_size=\"16\",engine=\"0\",gpu_memory_utilization=\"0.9\",")
        .append("num_gpu_blocks=\"")
        .append(kvCapacityTokens / 16)
        .append("\"} 1.0\n");
    return out.toString();
  }

  private static void gauge(StringBuilder out, String name, String help, String labels, double v) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" gauge\n");
    out.append(name).append('{').append(labels).append("} ").append(number(v)).append('\n');
  }

  private static void counter(
      StringBuilder out, String name, String help, String labels, double v) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" counter\n");
    out.append(name).append('{').append(labels).append("} ").append(number(v)).append('\n');
  }

  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e7) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return Double.toString(v).replace('E', 'e');
  }

  private static final class Histogram {
    private final AtomicLongArray counts = new AtomicLongArray(LATENCY_BUCKETS.length + 1);
    private final AtomicLong sumMicros = new AtomicLong();

    void observe(double seconds) {
      int i = 0;
      while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) {
        i++;
      }
      counts.incrementAndGet(i);
      sumMicros.addAndGet(Math.round(seconds * 1e6));
    }

    void render(StringBuilder out, String name, String help, String labels) {
      out.append("# HELP ").append(name).append(' ').append(help).append('\n');
      out.append("# TYPE ").append(name).append(" histogram\n");
      long cumulative = 0;
      for (int i = 0; i <= LATENCY_BUCKETS.length; i++) {
        cumulative += counts.get(i);
        String le = i < LATENCY_BUCKETS.length ? Double.toString(LATENCY_BUCKETS[i]) : "+Inf";
        out.append(name)
            .append("_bucket{")
            .append(labels)
            .append(",le=\"")
            .append(le)
            .append("\"} ")
            .append(number(cumulative))
            .append('\n');
      }
      out.append(name)
          .append("_sum{")
          .append(labels)
          .append("} ")
          .append(sumMicros.get() / 1e6)
          .append('\n');
      out.append(name)
          .append("_count{")
          .append(labels)
          .append("} ")
          .append(number(cumulative))
          .append('\n');
    }
  }
}
