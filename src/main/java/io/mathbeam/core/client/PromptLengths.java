package io.mathbeam.core.client;

import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Prompt token counts by prompt key: a bounded LRU of known counts (from {@code POST /tokenize} or
 * {@code usage.prompt_tokens}) plus at most one in-flight count request per prompt, which every
 * concurrent sample of that prompt shares.
 */
final class PromptLengths {
  /**
   * Tokens a chat template may add around the messages: role headers, BOS and generation prompt
   * (~10-30 tokens in common templates) and default system prompts or date lines some templates
   * inject (~20-40 tokens), with a wide margin. A bound that is too small only costs the old
   * overflow-then-retry path, never a wrong cap.
   */
  static final int CHAT_TEMPLATE_TOKENS = 512;

  /** BOS and similar tokens added to a raw completions prompt. */
  static final int RAW_PROMPT_TOKENS = 16;

  private final Map<String, Integer> known;
  private final Map<String, CompletableFuture<OptionalInt>> pending = new HashMap<>();

  PromptLengths(int capacity) {
    this.known =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > capacity;
          }
        };
  }

  /**
   * A cheap upper bound on the prompt's token count, without a tokenizer: every non-special token
   * of a byte-level BPE or byte-fallback SentencePiece vocabulary covers at least one UTF-8 byte,
   * so text tokens <= UTF-8 bytes (characters alone are not a bound: one CJK character or emoji can
   * be several tokens); special and template tokens are bounded by the constants above.
   */
  static int upperBound(Api api, SampleRequest request, PromptTemplate template) {
    if (api == Api.COMPLETIONS) {
      return utf8Bytes(template.rawPrompt(request)) + RAW_PROMPT_TOKENS;
    }
    String system = template.systemPrompt();
    String prefix = template.assistantPrefix();
    return utf8Bytes(template.userMessage(request))
        + (system == null ? 0 : utf8Bytes(system))
        + (prefix == null ? 0 : utf8Bytes(prefix))
        + CHAT_TEMPLATE_TOKENS;
  }

  synchronized OptionalInt known(String key) {
    Integer tokens = known.get(key);
    return tokens == null ? OptionalInt.empty() : OptionalInt.of(tokens);
  }

  synchronized void remember(String key, int tokens) {
    if (tokens > 0) {
      known.put(key, tokens);
    }
  }

  /**
   * The known count, else the in-flight request for it, else a new one from {@code fetch}. An empty
   * answer (no {@code /tokenize}, an error) is not remembered, so a later sample may ask again.
   */
  CompletableFuture<OptionalInt> count(String key, Supplier<CompletableFuture<OptionalInt>> fetch) {
    CompletableFuture<OptionalInt> fresh;
    synchronized (this) {
      Integer tokens = known.get(key);
      if (tokens != null) {
        return CompletableFuture.completedFuture(OptionalInt.of(tokens));
      }
      CompletableFuture<OptionalInt> existing = pending.get(key);
      if (existing != null) {
        return existing;
      }
      fresh = new CompletableFuture<>();
      pending.put(key, fresh);
    }
    CompletableFuture<OptionalInt> answer;
    try {
      answer = fetch.get();
    } catch (RuntimeException e) {
      answer = CompletableFuture.completedFuture(OptionalInt.empty());
    }
    answer.whenComplete(
        (count, error) -> {
          OptionalInt result = error == null && count != null ? count : OptionalInt.empty();
          synchronized (this) {
            pending.remove(key);
            if (result.isPresent()) {
              remember(key, result.getAsInt());
            }
          }
          fresh.complete(result);
        });
    return fresh;
  }

  synchronized int size() {
    return known.size();
  }

  private static int utf8Bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
