package io.mathbeam.core.grading;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a model response holds its final answer. */
final class ResponseRegion {
  /**
   * End-of-turn tokens of chat templates (ChatML, Llama 3, Gemma, Phi, DeepSeek, plain EOS): a
   * response that runs past one has started writing the next turn.
   */
  private static final Pattern TEMPLATE_RESIDUE =
      Pattern.compile(
          "<\\|(?:im_end|im_start|eot_id|endoftext|end_of_text|end|user|assistant|system"
              + "|start_header_id|end_header_id)\\|>|</s>|<(?:end|start)_of_turn>|\\[/?INST\\]|<<SYS>>"
              + "|<\uff5c(?:end\u2581of\u2581sentence|User|Assistant)\uff5c>");

  /** A line where a model that kept going starts a new exercise or the user's next turn. */
  private static final Pattern NEW_QUESTION =
      Pattern.compile(
          "^[#*\\s]*(?:Question|Problem|Exercise|Q|Human|User|Instruction)\\s*(?:\\d+\\s*)?[:.*]",
          Pattern.MULTILINE);

  private ResponseRegion() {}

  /**
   * The part after the last {@code </think>} (the whole response without one), cut where the model
   * went on past its answer: at chat-template residue ({@code <|im_end|>}, {@code <|eot_id|>},
   * {@code </s>} ...), and at a new question ({@code Question:}, {@code Problem 2.}) written after
   * a final answer.
   */
  static String of(String response) {
    int end = response.lastIndexOf("</think>");
    String region = end < 0 ? response : response.substring(end + "</think>".length());
    return beforeNewQuestion(beforeResidue(region));
  }

  /** The first stretch of text between template tokens that says anything. */
  private static String beforeResidue(String region) {
    if (region.indexOf('<') < 0 && !region.contains("INST]")) {
      return region;
    }
    Matcher m = TEMPLATE_RESIDUE.matcher(region);
    int start = 0;
    while (m.find()) {
      String segment = region.substring(start, m.start());
      if (!segment.isBlank()) {
        return segment;
      }
      start = m.end();
    }
    return region.substring(start);
  }

  private static String beforeNewQuestion(String region) {
    Matcher m = NEW_QUESTION.matcher(region);
    while (m.find()) {
      if (m.start() == 0) {
        continue;
      }
      String before = region.substring(0, m.start());
      if (Boxes.last(before) != null || AnswerExtractor.hasPhrase(before)) {
        return before;
      }
    }
    return region;
  }
}
