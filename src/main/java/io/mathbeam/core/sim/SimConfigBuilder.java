package io.mathbeam.core.sim;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/** Builds a {@link SimConfig}, with the defaults documented on each setter's field. */
public final class SimConfigBuilder {
  private int replicas = 2;
  private String host = "127.0.0.1";
  private int basePort = 0;
  private String modelName = SimConfig.DEFAULT_MODEL;
  private int maxModelLen = 32768;
  private double timeScale = 200;
  private int maxNumSeqs = 256;
  private LatencyModel latency = LatencyModel.h100Small();
  private int medianOutputTokens = 600;
  private double outputSigma = 0.8;
  private ReasoningField reasoningField = ReasoningField.REASONING_CONTENT;
  private ErrorShape errorShape = ErrorShape.NESTED;
  private Map<Integer, Double> errorRates = new TreeMap<>();
  private double connectionResetRate;
  private double slowBodyRate;
  private long slowBodyMillis = 300;
  private long faultSeed = 1;
  private long serverSeed;
  private Path requestLog;
  private AnswerKey answerKey = AnswerKey.empty();
  private String apiKey;
  private Map<String, Double> generationConfig = Map.of("temperature", 0.6, "top_p", 0.95);
  private boolean rejectH2cUpgrade = true;
  private String version = "0.10.1.1";
  private double streamStallRate;
  private double streamDropRate;
  private double streamErrorRate;
  private long streamStallMillis = 5000;
  private long streamFlushMillis = 15;
  private boolean streamHeadersAtFirstToken;
  private double skill = 1.0;
  private JudgeBehavior judge;
  private boolean tir;
  private int slowReplicas;
  private double slowFactor = 2.0;
  private OutputLengths outputLengths = OutputLengths.LOG_NORMAL;

  SimConfigBuilder() {}

  SimConfigBuilder(SimConfig c) {
    replicas = c.replicas();
    host = c.host();
    basePort = c.basePort();
    modelName = c.modelName();
    maxModelLen = c.maxModelLen();
    timeScale = c.timeScale();
    maxNumSeqs = c.maxNumSeqs();
    latency = c.latency();
    medianOutputTokens = c.medianOutputTokens();
    outputSigma = c.outputSigma();
    reasoningField = c.reasoningField();
    errorShape = c.errorShape();
    errorRates = new TreeMap<>(c.errorRates());
    connectionResetRate = c.connectionResetRate();
    slowBodyRate = c.slowBodyRate();
    slowBodyMillis = c.slowBodyMillis();
    faultSeed = c.faultSeed();
    serverSeed = c.serverSeed();
    requestLog = c.requestLog();
    answerKey = c.answerKey();
    apiKey = c.apiKey();
    generationConfig = c.generationConfig();
    rejectH2cUpgrade = c.rejectH2cUpgrade();
    version = c.version();
    streamStallRate = c.streamStallRate();
    streamDropRate = c.streamDropRate();
    streamErrorRate = c.streamErrorRate();
    streamStallMillis = c.streamStallMillis();
    streamFlushMillis = c.streamFlushMillis();
    streamHeadersAtFirstToken = c.streamHeadersAtFirstToken();
    skill = c.skill();
    judge = c.judge();
    tir = c.tir();
    slowReplicas = c.slowReplicas();
    slowFactor = c.slowFactor();
    outputLengths = c.outputLengths();
  }

  public SimConfigBuilder replicas(int value) {
    replicas = value;
    return this;
  }

  public SimConfigBuilder host(String value) {
    host = value;
    return this;
  }

  public SimConfigBuilder basePort(int value) {
    basePort = value;
    return this;
  }

  public SimConfigBuilder modelName(String value) {
    modelName = value;
    return this;
  }

  public SimConfigBuilder maxModelLen(int value) {
    maxModelLen = value;
    return this;
  }

  public SimConfigBuilder timeScale(double value) {
    timeScale = value;
    return this;
  }

  public SimConfigBuilder maxNumSeqs(int value) {
    maxNumSeqs = value;
    return this;
  }

  public SimConfigBuilder latency(LatencyModel value) {
    latency = value;
    return this;
  }

  public SimConfigBuilder medianOutputTokens(int value) {
    medianOutputTokens = value;
    return this;
  }

  public SimConfigBuilder outputSigma(double value) {
    outputSigma = value;
    return this;
  }

  public SimConfigBuilder reasoningField(ReasoningField value) {
    reasoningField = value;
    return this;
  }

  public SimConfigBuilder errorShape(ErrorShape value) {
    errorShape = value;
    return this;
  }

  public SimConfigBuilder errorRates(Map<Integer, Double> value) {
    errorRates = new TreeMap<>(value);
    return this;
  }

  public SimConfigBuilder errorRate(int status, double probability) {
    errorRates.put(status, probability);
    return this;
  }

  public SimConfigBuilder connectionResetRate(double value) {
    connectionResetRate = value;
    return this;
  }

  public SimConfigBuilder slowBodyRate(double value) {
    slowBodyRate = value;
    return this;
  }

  public SimConfigBuilder slowBodyMillis(long value) {
    slowBodyMillis = value;
    return this;
  }

  public SimConfigBuilder faultSeed(long value) {
    faultSeed = value;
    return this;
  }

  public SimConfigBuilder serverSeed(long value) {
    serverSeed = value;
    return this;
  }

  public SimConfigBuilder requestLog(Path value) {
    requestLog = value;
    return this;
  }

  public SimConfigBuilder answerKey(AnswerKey value) {
    answerKey = value;
    return this;
  }

  public SimConfigBuilder apiKey(String value) {
    apiKey = value;
    return this;
  }

  public SimConfigBuilder generationConfig(Map<String, Double> value) {
    generationConfig = value;
    return this;
  }

  public SimConfigBuilder rejectH2cUpgrade(boolean value) {
    rejectH2cUpgrade = value;
    return this;
  }

  public SimConfigBuilder version(String value) {
    version = value;
    return this;
  }

  public SimConfigBuilder streamStallRate(double value) {
    streamStallRate = value;
    return this;
  }

  public SimConfigBuilder streamDropRate(double value) {
    streamDropRate = value;
    return this;
  }

  public SimConfigBuilder streamErrorRate(double value) {
    streamErrorRate = value;
    return this;
  }

  public SimConfigBuilder streamStallMillis(long value) {
    streamStallMillis = value;
    return this;
  }

  public SimConfigBuilder streamFlushMillis(long value) {
    streamFlushMillis = value;
    return this;
  }

  public SimConfigBuilder streamHeadersAtFirstToken(boolean value) {
    streamHeadersAtFirstToken = value;
    return this;
  }

  /** Scales every known problem's solve probability (see {@link SimConfig#skill()}). */
  public SimConfigBuilder skill(double value) {
    skill = value;
    return this;
  }

  /** Runs the fleet as a judge model (see {@link SimConfig#judge()}); null turns it off. */
  public SimConfigBuilder judge(JudgeBehavior value) {
    judge = value;
    return this;
  }

  /** Runs the fleet in TIR mode (see {@link SimConfig#tir()}). */
  public SimConfigBuilder tir(boolean value) {
    tir = value;
    return this;
  }

  /** Makes replicas 0 .. count-1 run their steps {@link #slowFactor} times slower. */
  public SimConfigBuilder slowReplicas(int count) {
    slowReplicas = count;
    return this;
  }

  /** Step-time multiplier of the slow replicas (default 2; no effect without slowReplicas). */
  public SimConfigBuilder slowFactor(double factor) {
    slowFactor = factor;
    return this;
  }

  /** How natural output lengths are drawn (see {@link OutputLengths}). */
  public SimConfigBuilder outputLengths(OutputLengths value) {
    outputLengths = value;
    return this;
  }

  public SimConfig build() {
    return new SimConfig(
        replicas,
        host,
        basePort,
        modelName,
        maxModelLen,
        timeScale,
        maxNumSeqs,
        latency,
        medianOutputTokens,
        outputSigma,
        reasoningField,
        errorShape,
        errorRates,
        connectionResetRate,
        slowBodyRate,
        slowBodyMillis,
        faultSeed,
        serverSeed,
        requestLog,
        answerKey,
        apiKey,
        generationConfig,
        rejectH2cUpgrade,
        version,
        streamStallRate,
        streamDropRate,
        streamErrorRate,
        streamStallMillis,
        streamFlushMillis,
        streamHeadersAtFirstToken,
        skill,
        judge,
        tir,
        slowReplicas,
        slowFactor,
        outputLengths);
  }
}
