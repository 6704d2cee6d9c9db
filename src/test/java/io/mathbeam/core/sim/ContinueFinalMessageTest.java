package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/** {@code continue_final_message} and {@code add_generation_prompt} on the chat endpoint. */
public class ContinueFinalMessageTest {
  private static final String MESSAGES =
      "\"messages\":[{\"role\":\"user\",\"content\":\"What is two plus two?\"},"
          + "{\"role\":\"assistant\",\"content\":\"Let me add them:\"}]";

  private static SimulatedFleet fleet;
  private static String base;

  @BeforeClass
  public static void startFleet() {
    fleet = SimulatedFleet.start(SimConfig.builder().replicas(1).timeScale(50_000).build());
    base = fleet.endpoints().get(0);
  }

  @AfterClass
  public static void stopFleet() {
    fleet.close();
  }

  private static String rejection(String path, String body) throws Exception {
    HttpResponse<String> response = HttpJson.post(base + path, body);
    assertEquals(response.body(), 400, response.statusCode());
    return HttpJson.json(response).get("error").get("message").asText();
  }

  @Test
  public void bothFlagsTrueIsRefusedAsVllmsRequestModelDoes() throws Exception {
    String message =
        rejection(
            "/v1/chat/completions",
            "{" + MESSAGES + ",\"continue_final_message\":true,\"add_generation_prompt\":true}");
    assertTrue(
        message,
        message.contains(
            "Cannot set both `continue_final_message` and `add_generation_prompt` to True."));
  }

  @Test
  public void continuingWithTheDefaultGenerationPromptIsRefusedByTheTemplate() throws Exception {
    String message =
        rejection("/v1/chat/completions", "{" + MESSAGES + ",\"continue_final_message\":true}");
    assertTrue(
        message,
        message.startsWith("continue_final_message and add_generation_prompt are not compatible."));
  }

  @Test
  public void continuingAMessageThatIsNotTheAssistantsIsRefused() throws Exception {
    String message =
        rejection(
            "/v1/chat/completions",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"continue_final_message\":true,\"add_generation_prompt\":false}");
    assertTrue(message, message.contains("not an assistant message"));
  }

  @Test
  public void theResponseHoldsOnlyTheNewTextAndThePromptLeavesTheMessageOpen() throws Exception {
    String continuing =
        "{"
            + MESSAGES
            + ",\"continue_final_message\":true,\"add_generation_prompt\":false,"
            + "\"max_tokens\":50,\"seed\":1}";
    JsonNode body = HttpJson.postJson(base + "/v1/chat/completions", continuing, 200);
    JsonNode message = body.get("choices").get(0).get("message");
    String text = message.path("reasoning_content").asText("") + message.path("content").asText("");
    assertFalse(text, text.startsWith("Let me add them:"));
    String open =
        "<|im_start|>user\nWhat is two plus two?<|im_end|>\n<|im_start|>assistant\nLet me add them:";
    assertEquals(SimTokenizer.count(open), body.get("usage").get("prompt_tokens").asInt());
  }

  @Test
  public void completionsIgnoreTheChatOnlyFlags() throws Exception {
    HttpJson.postJson(
        base + "/v1/completions",
        "{\"prompt\":\"2 + 2 =\",\"continue_final_message\":true,\"add_generation_prompt\":true}",
        200);
  }
}
