package io.mathbeam.core.client;

/** Which OpenAI-compatible generation endpoint the client calls. */
public enum Api {
  /** {@code POST /v1/chat/completions} with system and user messages. */
  CHAT("/v1/chat/completions"),
  /** {@code POST /v1/completions} with the raw prompt of {@code PromptTemplate.rawPrompt}. */
  COMPLETIONS("/v1/completions");

  private final String path;

  Api(String path) {
    this.path = path;
  }

  /** The request path, starting with {@code /v1}. */
  public String path() {
    return path;
  }
}
