package io.mathbeam.core.sim;

import io.mathbeam.core.text.NearestName;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** The {@code serve-sim} command: runs a simulated fleet until the process is killed. */
public final class SimServerMain {
  static final String USAGE =
      String.join(
          "\n",
          "usage: serve-sim [flags]",
          "  --replicas=N            replicas, one port each (default 2)",
          "  --basePort=P            port of replica 0, replica i gets P+i (default 0 = free"
              + " ports)",
          "  --host=H                bind address (default 127.0.0.1)",
          "  --timeScale=K           time dilation: simulated times divided by K (default 200)",
          "  --maxNumSeqs=N          running-batch limit per replica (default 256)",
          "  --medianOutputTokens=N  median output length (default 600)",
          "  --outputLengths=L       log-normal (default) | long-tail: like a reasoning model, 4%"
              + " of samples think to about 32k tokens",
          "  --slowReplicas=N        replicas 0..N-1 run their steps --slowFactor times slower"
              + " (default 0)",
          "  --slowFactor=F          step-time multiplier of the slow replicas (default 2)",
          "  --requestLog=FILE       append one JSON line per generation request",
          "  --answers=A.jsonl,B.jsonl  known problems (fields problem/answer; multiple-choice rows"
              + " with choices, GPQA rows with Question/Correct Answer, and HumanEval rows with"
              + " prompt/canonical_solution, answered with a ```python block)",
          "  --tir                   tool-integrated reasoning: integer-answer problems are solved"
              + " with ```python blocks; send stop [\"```\\n\"], append"
              + " \"```\\n```output\\n<output>\\n```\\n\" and continue the text",
          "  --skill=S               scales every known problem's solve probability, capped at 1"
              + " (default 1; 0.5 halves it)",
          "  --errorRate=503:0.05,500:0.01  injected error statuses and probabilities",
          "  --resetRate=P           probability of closing a connection without a response",
          "  --slowBodyRate=P        probability of a slowly sent body",
          "  --streamStallRate=P     probability that a stream stops sending mid-way",
          "  --streamDropRate=P      probability that a stream's connection drops mid-way",
          "  --streamErrorRate=P     probability that a stream ends with an in-band error",
          "  --faultSeed=S           seed of the fault draws (default 1)",
          "  --judge                 run as a judge model: every request is a grading prompt"
              + " (Reference answer: / Candidate's final answer: lines) answered CORRECT or"
              + " INCORRECT",
          "  --judgeLenientRate=P    judge: probability of CORRECT for an answer the symbolic"
              + " grader rejects (default 0)",
          "  --judgeMalformedRate=P  judge: probability of a reply naming no verdict (default 0)",
          "  --reasoningField=F      reasoning_content | reasoning | both | inline",
          "  --errorShape=S          nested | flat",
          "  --model=NAME            served model name (default " + SimConfig.DEFAULT_MODEL + ")",
          "  --maxModelLen=N         context window (default 32768)",
          "  --apiKey=KEY            require Authorization: Bearer KEY on /v1/*",
          "  --help                  this text");

  private SimServerMain() {}

  public static void main(String[] args) {
    SimulatedFleet fleet;
    try {
      fleet = launch(args, System.out);
    } catch (SimUsageException e) {
      System.err.println("serve-sim: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    } catch (UncheckedIOException e) {
      System.err.println("serve-sim: " + e.getMessage());
      System.exit(1);
      return;
    }
    if (fleet == null) {
      return;
    }
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  fleet.close();
                  closed.countDown();
                },
                "serve-sim-shutdown"));
    try {
      closed.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Parses the flags, starts the fleet and prints its endpoints; does not block. Returns null after
   * printing the usage for {@code --help}.
   *
   * @throws SimUsageException on an unknown or malformed flag
   */
  /** Every flag, for the hint at a mistyped one. */
  private static final List<String> FLAGS =
      List.of(
          "replicas",
          "basePort",
          "host",
          "timeScale",
          "maxNumSeqs",
          "medianOutputTokens",
          "outputLengths",
          "slowReplicas",
          "slowFactor",
          "requestLog",
          "answers",
          "skill",
          "errorRate",
          "resetRate",
          "slowBodyRate",
          "streamStallRate",
          "streamDropRate",
          "streamErrorRate",
          "faultSeed",
          "reasoningField",
          "errorShape",
          "model",
          "maxModelLen",
          "tir",
          "apiKey",
          "judge",
          "judgeLenientRate",
          "judgeMalformedRate");

  public static SimulatedFleet launch(String[] args, PrintStream out) {
    SimConfigBuilder builder = SimConfig.builder();
    JudgeFlags judge = new JudgeFlags();
    for (String arg : args) {
      if (arg.equals("--help") || arg.equals("-h")) {
        out.println(USAGE);
        return null;
      }
      if (arg.equals("--judge")) {
        judge.on = true;
        continue;
      }
      if (arg.equals("--tir")) {
        builder.tir(true);
        continue;
      }
      if (!arg.startsWith("--") || !arg.contains("=")) {
        throw new SimUsageException("expected --name=value, got '" + arg + "'");
      }
      String name = arg.substring(2, arg.indexOf('='));
      String value = arg.substring(arg.indexOf('=') + 1);
      try {
        if (!judge.apply(name, value)) {
          apply(builder, name, value);
        }
      } catch (NumberFormatException e) {
        throw new SimUsageException("--" + name + ": not a number: '" + value + "'");
      }
    }
    SimConfig config;
    try {
      builder.judge(judge.behavior());
      config = builder.build();
    } catch (IllegalArgumentException e) {
      throw new SimUsageException(e.getMessage());
    }
    SimulatedFleet fleet = SimulatedFleet.start(config);
    out.println(
        "serve-sim: "
            + config.replicas()
            + " simulated replica(s) of "
            + config.modelName()
            + " (timeScale "
            + config.timeScale()
            + ", "
            + config.answerKey().size()
            + " known problems"
            + (config.tir() ? ", TIR mode" : "")
            + (config.judge() == null
                ? ""
                : ", judge: lenient rate "
                    + config.judge().lenientRate()
                    + ", malformed rate "
                    + config.judge().malformedRate())
            + ")");
    for (String endpoint : fleet.endpoints()) {
      out.println(endpoint);
    }
    out.flush();
    return fleet;
  }

  private static void apply(SimConfigBuilder b, String name, String value) {
    switch (name) {
      case "replicas":
        b.replicas(Integer.parseInt(value));
        break;
      case "basePort":
        b.basePort(Integer.parseInt(value));
        break;
      case "host":
        b.host(value);
        break;
      case "timeScale":
        b.timeScale(Double.parseDouble(value));
        break;
      case "maxNumSeqs":
        b.maxNumSeqs(Integer.parseInt(value));
        break;
      case "medianOutputTokens":
        b.medianOutputTokens(Integer.parseInt(value));
        break;
      case "outputLengths":
        b.outputLengths(outputLengths(value));
        break;
      case "slowReplicas":
        b.slowReplicas(Integer.parseInt(value));
        break;
      case "slowFactor":
        b.slowFactor(Double.parseDouble(value));
        break;
      case "requestLog":
        b.requestLog(Paths.get(value));
        break;
      case "answers":
        b.answerKey(readAnswers(value));
        break;
      case "skill":
        b.skill(Double.parseDouble(value));
        break;
      case "errorRate":
        for (String pair : value.split(",")) {
          String[] parts = pair.split(":");
          if (parts.length != 2) {
            throw new SimUsageException(
                "--errorRate expects STATUS:P[,STATUS:P], got '" + value + "'");
          }
          b.errorRate(Integer.parseInt(parts[0].trim()), Double.parseDouble(parts[1].trim()));
        }
        break;
      case "resetRate":
        b.connectionResetRate(Double.parseDouble(value));
        break;
      case "slowBodyRate":
        b.slowBodyRate(Double.parseDouble(value));
        break;
      case "streamStallRate":
        b.streamStallRate(Double.parseDouble(value));
        break;
      case "streamDropRate":
        b.streamDropRate(Double.parseDouble(value));
        break;
      case "streamErrorRate":
        b.streamErrorRate(Double.parseDouble(value));
        break;
      case "faultSeed":
        b.faultSeed(Long.parseLong(value));
        break;
      case "reasoningField":
        try {
          b.reasoningField(ReasoningField.parse(value));
        } catch (IllegalArgumentException e) {
          throw new SimUsageException(e.getMessage());
        }
        break;
      case "errorShape":
        if (!value.equals("nested") && !value.equals("flat")) {
          throw new SimUsageException("--errorShape must be nested or flat, got '" + value + "'");
        }
        b.errorShape(value.equals("flat") ? ErrorShape.FLAT : ErrorShape.NESTED);
        break;
      case "model":
        b.modelName(value);
        break;
      case "maxModelLen":
        b.maxModelLen(Integer.parseInt(value));
        break;
      case "tir":
        if (!value.equals("true") && !value.equals("false")) {
          throw new SimUsageException("--tir takes no value or true/false, got '" + value + "'");
        }
        b.tir(value.equals("true"));
        break;
      case "apiKey":
        b.apiKey(value.isEmpty() ? null : value);
        break;
      default:
        throw new SimUsageException(
            "unknown option '--"
                + name
                + "'"
                + NearestName.hint("--" + name, FLAGS.stream().map(f -> "--" + f).toList()));
    }
  }

  /** The judge flags, which make one setting together. */
  private static final class JudgeFlags {
    boolean on;
    Double lenientRate;
    Double malformedRate;

    /** Takes {@code --name=value} if it is a judge flag. */
    boolean apply(String name, String value) {
      switch (name) {
        case "judge":
          if (!value.equals("true") && !value.equals("false")) {
            throw new SimUsageException(
                "--judge takes no value or true/false, got '" + value + "'");
          }
          on = value.equals("true");
          return true;
        case "judgeLenientRate":
          lenientRate = Double.parseDouble(value);
          return true;
        case "judgeMalformedRate":
          malformedRate = Double.parseDouble(value);
          return true;
        default:
          return false;
      }
    }

    JudgeBehavior behavior() {
      if (!on) {
        if (lenientRate != null || malformedRate != null) {
          throw new SimUsageException("--judgeLenientRate and --judgeMalformedRate need --judge");
        }
        return null;
      }
      return new JudgeBehavior(
          lenientRate == null ? 0 : lenientRate, malformedRate == null ? 0 : malformedRate);
    }
  }

  private static OutputLengths outputLengths(String value) {
    return switch (value) {
      case "log-normal" -> OutputLengths.LOG_NORMAL;
      case "long-tail" -> OutputLengths.LONG_TAIL;
      default ->
          throw new SimUsageException(
              "--outputLengths must be log-normal or long-tail, got '" + value + "'");
    };
  }

  private static AnswerKey readAnswers(String value) {
    List<Path> files = new ArrayList<>();
    for (String f : value.split(",")) {
      Path path = Paths.get(f.trim());
      if (!Files.isRegularFile(path)) {
        throw new SimUsageException("--answers: no such file " + path);
      }
      files.add(path);
    }
    try {
      return AnswerKey.fromJsonl(files, "problem", "answer");
    } catch (IOException e) {
      throw new SimUsageException("--answers: " + e.getMessage());
    }
  }
}
