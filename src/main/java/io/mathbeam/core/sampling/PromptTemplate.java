package io.mathbeam.core.sampling;

import io.mathbeam.core.model.SampleRequest;
import java.io.Serializable;

/**
 * Turns a problem into the text sent to the model. The user template contains {@code {problem}}
 * where the problem statement goes.
 *
 * @param systemPrompt optional system message (chat API) or prefix (completions API); null or empty
 *     for none
 * @param assistantPrefix the start of the model's answer that a request continues (tool-integrated
 *     reasoning: the text so far with the code's output appended): a final assistant message with
 *     {@code continue_final_message} (chat API), or text after the prompt (completions API); null
 *     for a fresh answer
 */
public record PromptTemplate(String systemPrompt, String userTemplate, String assistantPrefix)
    implements Serializable {

  public PromptTemplate(String systemPrompt, String userTemplate) {
    this(systemPrompt, userTemplate, null);
  }

  public static final String PROBLEM_PLACEHOLDER = "{problem}";
  public static final String DEFAULT_USER_TEMPLATE =
      "{problem}\nPlease reason step by step, and put your final answer within \\boxed{}.";

  public PromptTemplate {
    if (userTemplate == null || !userTemplate.contains(PROBLEM_PLACEHOLDER)) {
      throw new IllegalArgumentException(
          "user template must contain " + PROBLEM_PLACEHOLDER + ": " + userTemplate);
    }
    systemPrompt = systemPrompt == null || systemPrompt.isEmpty() ? null : systemPrompt;
    assistantPrefix = assistantPrefix == null || assistantPrefix.isEmpty() ? null : assistantPrefix;
  }

  /** This template continuing an answer that starts with {@code prefix}. */
  public PromptTemplate withAssistantPrefix(String prefix) {
    return new PromptTemplate(systemPrompt, userTemplate, prefix);
  }

  public static PromptTemplate defaults() {
    return new PromptTemplate(null, DEFAULT_USER_TEMPLATE);
  }

  public String userMessage(String problem) {
    return userTemplate.replace(PROBLEM_PLACEHOLDER, problem);
  }

  /**
   * The user message of a sample: a code problem's text is already the whole message (it says how
   * to answer), the math template would ask for a boxed answer instead of a program.
   */
  public String userMessage(SampleRequest request) {
    return request.isCode() ? request.problem() : userMessage(request.problem());
  }

  /**
   * {@link #rawPrompt(String)} of a sample, with {@link #userMessage(SampleRequest)} and the
   * assistant prefix, if any, right after it.
   */
  public String rawPrompt(SampleRequest request) {
    String prompt = withSystemPrompt(userMessage(request));
    return assistantPrefix == null ? prompt : prompt + assistantPrefix;
  }

  /** The single raw prompt for the completions API: system prompt, blank line, user message. */
  public String rawPrompt(String problem) {
    return withSystemPrompt(userMessage(problem));
  }

  private String withSystemPrompt(String user) {
    return systemPrompt == null ? user : systemPrompt + "\n\n" + user;
  }
}
