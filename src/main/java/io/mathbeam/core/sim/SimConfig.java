package io.mathbeam.core.sim;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Configuration of a simulated fleet. Build with {@link #builder()}; every field has a default.
 *
 * @param replicas number of independent replicas (one port each)
 * @param basePort port of replica 0, replica i listens on basePort + i; 0 picks free ports
 * @param maxModelLen context window (prompt + output) in simulator tokens
 * @param timeScale time dilation k: every simulated duration is divided by k on the wall clock
 * @param maxNumSeqs running-batch limit per replica; the rest waits in an unbounded FIFO
 * @param medianOutputTokens median natural output length (log-normal)
 * @param outputSigma sigma of the log-normal output length; 0 makes lengths deterministic
 * @param errorRates per-request probability of answering a generation request with that status
 * @param connectionResetRate probability of closing the connection without any response byte
 * @param slowBodyRate probability of sending the body in slow pieces after the headers
 * @param slowBodyMillis wall time over which a slow body is spread
 * @param faultSeed seed of the fault draws (independent of sampling seeds)
 * @param serverSeed seed of the per-server RNG used for requests without a seed
 * @param requestLog JSONL file that receives one line per generation request, or null
 * @param answerKey known problems and their gold answers (may be empty)
 * @param apiKey when non-null, {@code /v1/*} requires {@code Authorization: Bearer <apiKey>}
 * @param generationConfig server-side sampling defaults (keys {@code temperature}, {@code top_p},
 *     {@code top_k}, {@code min_p}) used for fields a request omits (spec §2.3)
 * @param rejectH2cUpgrade answer a POST carrying {@code Upgrade: h2c} with the body-dropped 400
 * @param streamStallRate probability that a {@code stream: true} response stops sending events
 *     mid-stream while keeping the connection open
 * @param streamDropRate probability that a streamed response's connection is closed abruptly
 *     mid-stream (no {@code [DONE]}, as when the server process dies)
 * @param streamErrorRate probability that a streamed response ends mid-stream with an in-band
 *     {@code data: {"error":...}} event and {@code [DONE]}
 * @param streamStallMillis wall time after the stalled request's generation ends before the server
 *     closes the stalled stream (cleanly, without {@code [DONE]})
 * @param streamFlushMillis most wall time a token waits before it is sent in an SSE event; tokens
 *     generated within one interval are coalesced into one event per choice
 * @param streamHeadersAtFirstToken send a stream's 200 headers with its first token instead of at
 *     submission (vLLM sends them at submission, spec §5.1)
 * @param skill multiplier of every known problem's solve probability: the model solves a problem
 *     with {@code min(1, p * skill)} where p is {@link AnswerKey#solveProbability(String)}, which
 *     also sets the odds of the other outcomes and the output length ({@link OutcomeOdds}); 1 (the
 *     default) is the plain model, 0.5 halves every problem's chance, 0 never solves anything.
 *     Prompts outside the answer key are unaffected.
 * @param judge when non-null the fleet runs as a judge model: every generation request is a grading
 *     prompt ({@code io.mathbeam.core.judge.JudgePrompt}) answered with a short verdict decided by
 *     the symbolic grader and bent by this behaviour, instead of a reasoning sample; the answer key
 *     and {@code skill} are not used. Faults, latency and token accounting work as usual
 * @param tir tool-integrated reasoning mode: known math problems with an integer gold are solved by
 *     writing {@code ```python} blocks and reading the outputs the client appends ({@link
 *     TirModel}); other prompts are answered as usual. Cannot be combined with {@code judge}
 * @param slowReplicas replicas 0 .. slowReplicas-1 run every step {@code slowFactor} times slower
 *     than the latency model says (an older GPU, a noisy neighbour): an uneven fleet
 * @param slowFactor step-time multiplier of the slow replicas, {@code >= 1}
 * @param outputLengths how natural output lengths are drawn ({@link OutputLengths})
 */
public record SimConfig(
    int replicas,
    String host,
    int basePort,
    String modelName,
    int maxModelLen,
    double timeScale,
    int maxNumSeqs,
    LatencyModel latency,
    int medianOutputTokens,
    double outputSigma,
    ReasoningField reasoningField,
    ErrorShape errorShape,
    Map<Integer, Double> errorRates,
    double connectionResetRate,
    double slowBodyRate,
    long slowBodyMillis,
    long faultSeed,
    long serverSeed,
    Path requestLog,
    AnswerKey answerKey,
    String apiKey,
    Map<String, Double> generationConfig,
    boolean rejectH2cUpgrade,
    String version,
    double streamStallRate,
    double streamDropRate,
    double streamErrorRate,
    long streamStallMillis,
    long streamFlushMillis,
    boolean streamHeadersAtFirstToken,
    double skill,
    JudgeBehavior judge,
    boolean tir,
    int slowReplicas,
    double slowFactor,
    OutputLengths outputLengths) {

  public static final String DEFAULT_MODEL = "mathbeam-sim/reasoner-1.5b";

  public SimConfig {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(modelName, "modelName");
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(reasoningField, "reasoningField");
    Objects.requireNonNull(errorShape, "errorShape");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(outputLengths, "outputLengths");
    errorRates = Map.copyOf(errorRates == null ? Map.of() : errorRates);
    generationConfig = Map.copyOf(generationConfig == null ? Map.of() : generationConfig);
    answerKey = answerKey == null ? AnswerKey.empty() : answerKey;
    if (replicas < 1) {
      throw new IllegalArgumentException("replicas must be >= 1, got " + replicas);
    }
    if (basePort < 0 || basePort + replicas - 1 > 65535) {
      throw new IllegalArgumentException("basePort out of range: " + basePort);
    }
    if (maxModelLen < 16) {
      throw new IllegalArgumentException("maxModelLen must be >= 16, got " + maxModelLen);
    }
    if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
      throw new IllegalArgumentException("timeScale must be > 0, got " + timeScale);
    }
    if (maxNumSeqs < 1) {
      throw new IllegalArgumentException("maxNumSeqs must be >= 1, got " + maxNumSeqs);
    }
    if (medianOutputTokens < 1 || outputSigma < 0) {
      throw new IllegalArgumentException("output length median must be >= 1 and sigma >= 0");
    }
    double total =
        connectionResetRate + slowBodyRate + streamStallRate + streamDropRate + streamErrorRate;
    for (Map.Entry<Integer, Double> e : errorRates.entrySet()) {
      if (e.getKey() < 400 || e.getKey() > 599) {
        throw new IllegalArgumentException("error status must be 4xx or 5xx: " + e.getKey());
      }
      checkProbability("error rate " + e.getKey(), e.getValue());
      total += e.getValue();
    }
    checkProbability("connectionResetRate", connectionResetRate);
    checkProbability("slowBodyRate", slowBodyRate);
    checkProbability("streamStallRate", streamStallRate);
    checkProbability("streamDropRate", streamDropRate);
    checkProbability("streamErrorRate", streamErrorRate);
    if (total > 1.0 + 1e-9) {
      throw new IllegalArgumentException("fault rates sum to more than 1: " + total);
    }
    if (slowBodyMillis < 0 || streamStallMillis < 0) {
      throw new IllegalArgumentException("slowBodyMillis and streamStallMillis must be >= 0");
    }
    if (!(skill >= 0) || Double.isInfinite(skill)) {
      throw new IllegalArgumentException("skill must be finite and >= 0, got " + skill);
    }
    if (streamFlushMillis < 1) {
      throw new IllegalArgumentException(
          "streamFlushMillis must be >= 1, got " + streamFlushMillis);
    }
    if (tir && judge != null) {
      throw new IllegalArgumentException("a judge fleet cannot run in TIR mode");
    }
    if (slowReplicas < 0 || slowReplicas > replicas) {
      throw new IllegalArgumentException(
          "slowReplicas must be in [0, replicas], got " + slowReplicas);
    }
    if (!(slowFactor >= 1) || Double.isInfinite(slowFactor)) {
      throw new IllegalArgumentException("slowFactor must be finite and >= 1, got " + slowFactor);
    }
  }

  /** The step-time multiplier of replica {@code index}: {@code slowFactor} or 1. */
  public double speedFactor(int index) {
    return index < slowReplicas ? slowFactor : 1.0;
  }

  /** The latency model replica {@code index} runs: the fleet's, slowed by its speed factor. */
  public LatencyModel latencyOf(int index) {
    return latency.slowedBy(speedFactor(index));
  }

  private static void checkProbability(String name, Double value) {
    if (value == null || !(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1], got " + value);
    }
  }

  public static SimConfig defaults() {
    return builder().build();
  }

  public static SimConfigBuilder builder() {
    return new SimConfigBuilder();
  }

  public SimConfigBuilder toBuilder() {
    return new SimConfigBuilder(this);
  }
}
