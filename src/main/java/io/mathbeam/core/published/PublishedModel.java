package io.mathbeam.core.published;

import java.util.List;
import java.util.Locale;

/**
 * A model's published results from one source.
 *
 * @param name the name the model is published under, with its organisation ({@code
 *     deepseek-ai/DeepSeek-R1-Distill-Qwen-7B})
 * @param aliases other names servers use for it
 */
public record PublishedModel(
    String name,
    List<String> aliases,
    String sourceTitle,
    String sourceUrl,
    List<PublishedValue> values) {

  public PublishedModel {
    aliases = List.copyOf(aliases);
    values = List.copyOf(values);
  }

  /**
   * Whether a served model name means this model: compared without case and without an organisation
   * or directory prefix, so {@code DeepSeek-R1-Distill-Qwen-7B}, {@code
   * deepseek-ai/deepseek-r1-distill-qwen-7b} and {@code /models/DeepSeek-R1-Distill-Qwen-7B/} all
   * match.
   */
  public boolean matches(String served) {
    String key = key(served);
    if (key.isEmpty()) {
      return false;
    }
    if (key(name).equals(key)) {
      return true;
    }
    return aliases.stream().anyMatch(a -> key(a).equals(key));
  }

  static String key(String modelName) {
    String t = modelName.trim().replaceAll("/+$", "");
    return t.substring(t.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }
}
