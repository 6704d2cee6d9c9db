package io.mathbeam.core.tir;

import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.client.SampleGenerator;
import io.mathbeam.core.code.CodeExtractor;
import io.mathbeam.core.model.CodeExecutions;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.Sandbox;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Tool-integrated reasoning, as in NeMo-Skills' code-execution evaluation: generation stops when
 * the model closes a {@code ```python} block; the block runs in the sandbox; its output is appended
 * as a {@code ```output} block and the model continues the same answer ({@code
 * continue_final_message} on the chat API, the prompt plus the text so far on the completions API).
 * At most {@code maxExecutions} blocks run per sample; after that the stop string is no longer sent
 * and the model writes to its end. Every turn's tokens count against the sample's {@code
 * maxTokens}; a continuation that no longer fits the context window ends the sample as truncated
 * ({@code length}), keeping its text.
 */
public final class CodeExecutionLoop implements SampleGenerator {
  private final OpenAiClient client;
  private final PromptTemplate template;
  private final SamplingParams params;
  private final Sandbox sandbox;
  private final int maxExecutions;

  public CodeExecutionLoop(
      OpenAiClient client,
      PromptTemplate template,
      SamplingParams params,
      Sandbox sandbox,
      int maxExecutions) {
    if (maxExecutions < 0) {
      throw new IllegalArgumentException("maxExecutions must be >= 0, got " + maxExecutions);
    }
    this.client = client;
    this.template = template;
    this.params = params;
    this.sandbox = sandbox;
    this.maxExecutions = maxExecutions;
  }

  @Override
  public CompletableFuture<Generation> generate(SampleRequest request) {
    return turn(request, new Transcript(request, System.nanoTime()));
  }

  private CompletableFuture<Generation> turn(SampleRequest request, Transcript t) {
    boolean mayRun = t.statuses.size() < maxExecutions;
    List<String> stops = new ArrayList<>(params.stop());
    if (mayRun && !stops.contains(ExecutionOutput.CLOSE)) {
      stops.add(ExecutionOutput.CLOSE);
    }
    int budget = params.maxTokens() - t.completionTokens;
    SamplingParams turnParams = params.withMaxTokens(budget).withStop(stops);
    PromptTemplate turnTemplate =
        t.text.length() == 0 ? template : template.withAssistantPrefix(t.text.toString());
    return client
        .generate(request, turnTemplate, turnParams)
        .thenCompose(
            g -> {
              if (g.failed()) {
                boolean overflow = g.errorClass() == ErrorClass.CONTEXT_OVERFLOW;
                return CompletableFuture.completedFuture(
                    overflow && t.turns > 0 ? t.finish("length", g) : t.failed(g));
              }
              t.add(g);
              String code =
                  mayRun && "stop".equals(g.finishReason())
                      ? CodeExtractor.openPythonBlock(t.text.toString())
                      : null;
              if (code == null) {
                return CompletableFuture.completedFuture(t.finish(g.finishReason(), g));
              }
              if (t.completionTokens >= params.maxTokens()) {
                return CompletableFuture.completedFuture(t.finish("length", g));
              }
              long start = System.nanoTime();
              return sandbox
                  .submit(SessionReplay.program(t.okBlocks, code), "")
                  .thenCompose(
                      e -> {
                        t.ran(code, e, (System.nanoTime() - start) / 1_000_000);
                        return turn(request, t);
                      });
            });
  }

  /** One sample's answer so far, across its turns. Its steps run one after another. */
  private static final class Transcript {
    final SampleRequest request;
    final long startNanos;
    final StringBuilder text = new StringBuilder();
    final List<String> statuses = new ArrayList<>();
    final List<String> okBlocks = new ArrayList<>();
    long executionMillis;
    int turns;
    int promptTokens;
    int completionTokens;
    int attempts;

    Transcript(SampleRequest request, long startNanos) {
      this.request = request;
      this.startNanos = startNanos;
    }

    void add(Generation g) {
      if (turns == 0) {
        promptTokens = g.promptTokens();
      }
      turns++;
      completionTokens += g.completionTokens();
      attempts += g.attempts();
      text.append(rawText(g));
    }

    void ran(String code, Execution e, long millis) {
      statuses.add(e.status().wireName());
      if (e.ok()) {
        okBlocks.add(code);
      }
      executionMillis += millis;
      text.append(ExecutionOutput.block(e));
    }

    Generation finish(String finishReason, Generation last) {
      String full = text.toString();
      int close = full.lastIndexOf(THINK_CLOSE);
      String reasoning = null;
      String answer = full;
      if (close >= 0) {
        reasoning = stripThinkOpen(full.substring(0, close));
        answer = full.substring(close + THINK_CLOSE.length());
      }
      return Generation.builder(request)
          .text(answer.isEmpty() ? null : answer)
          .reasoning(reasoning)
          .finishReason(finishReason)
          .promptTokens(promptTokens)
          .completionTokens(completionTokens)
          .latencyMs(elapsedMillis())
          .replica(last.replica())
          .attempts(attempts + (last.failed() ? last.attempts() : 0))
          .codeExecutions(executions())
          .build();
    }

    Generation failed(Generation g) {
      return Generation.builder(request)
          .promptTokens(promptTokens)
          .completionTokens(completionTokens)
          .latencyMs(elapsedMillis())
          .replica(g.replica())
          .attempts(attempts + g.attempts())
          .error(
              g.errorClass(),
              turns == 0 ? g.errorMessage() : "turn " + (turns + 1) + ": " + g.errorMessage())
          .codeExecutions(executions())
          .build();
    }

    private CodeExecutions executions() {
      return new CodeExecutions(statuses, executionMillis);
    }

    private long elapsedMillis() {
      return (System.nanoTime() - startNanos) / 1_000_000;
    }
  }

  private static final String THINK_OPEN = "<think>";
  private static final String THINK_CLOSE = "</think>";

  /**
   * A turn's text as the model wrote it: a server's reasoning parser splits it at {@code </think>},
   * and a turn that stopped while still thinking is all reasoning.
   */
  static String rawText(Generation g) {
    String text = g.text() == null ? "" : g.text();
    if (g.reasoning() == null) {
      return text;
    }
    return text.isEmpty() ? g.reasoning() : g.reasoning() + THINK_CLOSE + text;
  }

  private static String stripThinkOpen(String reasoning) {
    String stripped = reasoning.stripLeading();
    return stripped.startsWith(THINK_OPEN) ? stripped.substring(THINK_OPEN.length()) : reasoning;
  }
}
