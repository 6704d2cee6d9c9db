package io.mathbeam.core.client;

import static io.mathbeam.core.client.ScriptedServer.chatBody;
import static io.mathbeam.core.client.ScriptedServer.nestedError;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.client.ScriptedServer.Recorded;
import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.tir.CodeExecutionLoop;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;

/**
 * Tool-integrated reasoning against a scripted server: the client stops at a closed python block,
 * runs it in the real sandbox and continues the same answer with the output appended.
 */
public class CodeExecutionLoopTest {
  private static final SamplingParams PARAMS =
      new SamplingParams(0.6, 0.95, -1, 0.0, 1.0, 1000, List.of());
  private static final String BLOCK = "Let me compute.\n```python\nprint(17 * 12)\n";

  @Rule public final ClosingRule closing = new ClosingRule();
  private static Sandbox sandbox;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  @Test
  public void theOutputReachesTheModelWhichContinuesItsAnswer() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200,
                    index == 0
                        ? chatBody(BLOCK, null, "stop")
                        : chatBody("So the answer is \\boxed{204}.", null, "stop")));

    Generation g = generate(server, PromptTemplate.defaults(), 8);

    assertNull(g.errorMessage(), g.errorClass());
    String expected = BLOCK + "```\n```output\n204\n```\nSo the answer is \\boxed{204}.";
    assertEquals(expected, g.text());
    assertEquals(List.of("ok"), g.codeExecutions().statuses());
    assertEquals(20, g.completionTokens());
    assertEquals(100, g.promptTokens());
    List<Recorded> sent = server.generationRequests();
    assertEquals(2, sent.size());
    JsonNode first = sent.get(0).json();
    assertEquals("```\n", first.get("stop").get(0).asText());
    assertEquals(1000, first.get("max_tokens").asInt());
    assertFalse(first.has("continue_final_message"));
    JsonNode second = sent.get(1).json();
    JsonNode messages = second.get("messages");
    JsonNode last = messages.get(messages.size() - 1);
    assertEquals("assistant", last.get("role").asText());
    assertEquals(BLOCK + "```\n```output\n204\n```\n", last.get("content").asText());
    assertTrue(second.get("continue_final_message").asBoolean());
    assertFalse(second.get("add_generation_prompt").asBoolean());
    assertEquals("the second turn has what the first left", 990, second.get("max_tokens").asInt());
  }

  @Test
  public void completionsContinueThePromptWithTheTextSoFar() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200, completionBody(index == 0 ? BLOCK : "Hence \\boxed{204}.", "stop")));
    OpenAiClient client =
        closing.track(
            new OpenAiClient(
                ClientConfig.builder(List.of(server.url()))
                    .model("test-model")
                    .api(Api.COMPLETIONS)
                    .build()));
    Generation g =
        new CodeExecutionLoop(client, PromptTemplate.defaults(), PARAMS, sandbox, 8)
            .generate(request())
            .get(30, TimeUnit.SECONDS);

    assertTrue(g.text(), g.text().endsWith("```output\n204\n```\nHence \\boxed{204}."));
    String prompt = server.generationRequests().get(1).json().get("prompt").asText();
    assertTrue(prompt, prompt.endsWith("\\boxed{}." + BLOCK + "```\n```output\n204\n```\n"));
  }

  @Test
  public void aFailingBlockShowsItsTracebackToTheModel() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200,
                    index == 0
                        ? chatBody("```python\nprint(1 / 0)\n", null, "stop")
                        : chatBody("Oops.", null, "stop")));

    Generation g = generate(server, PromptTemplate.defaults(), 8);

    assertEquals(List.of("error"), g.codeExecutions().statuses());
    assertTrue(g.text(), g.text().contains("ZeroDivisionError"));
    assertTrue(g.text(), g.text().endsWith("```\nOops."));
  }

  @Test
  public void laterBlocksSeeTheStateOfEarlierOnesButNotTheirOutput() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200,
                    switch (index) {
                      case 0 ->
                          chatBody("```python\nimport math\nx = 6\nprint('x set')\n", null, "stop");
                      case 1 -> chatBody("```python\nprint(undefined_name)\n", null, "stop");
                      case 2 -> chatBody("```python\nprint(math.prod([x, 7]))\n", null, "stop");
                      default -> chatBody("\\boxed{42}", null, "stop");
                    }));

    Generation g = generate(server, PromptTemplate.defaults(), 8);

    assertEquals(List.of("ok", "error", "ok"), g.codeExecutions().statuses());
    assertTrue(g.text(), g.text().contains("```output\nx set\n```"));
    assertTrue(g.text(), g.text().contains("NameError"));
    // the last output is 42 alone: the earlier block's print ran again but was swallowed
    assertTrue(g.text(), g.text().contains("```output\n42\n```\n\\boxed{42}"));
  }

  @Test
  public void afterTheCapTheStopStringIsNoLongerSentAndNothingMoreRuns() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200,
                    request.json().has("stop")
                        ? chatBody("\n```python\nprint(" + index + ")\n", null, "stop")
                        : chatBody("\n```python\nprint(99)\n```\nDone: \\boxed{1}", null, "stop")));

    Generation g = generate(server, PromptTemplate.defaults(), 2);

    assertEquals(List.of("ok", "ok"), g.codeExecutions().statuses());
    assertEquals(3, server.generationRequests().size());
    assertFalse(server.generationRequests().get(2).json().has("stop"));
    assertTrue(g.text(), g.text().endsWith("print(99)\n```\nDone: \\boxed{1}"));
    assertFalse(g.text(), g.text().contains("```output\n99"));
  }

  @Test
  public void aBlockWithoutTheStopIsNotRun() throws Exception {
    ScriptedServer server =
        server((request, index) -> Reply.json(200, chatBody(BLOCK, null, "length")));

    Generation g = generate(server, PromptTemplate.defaults(), 8);

    assertEquals("length", g.finishReason());
    assertEquals(0, g.codeExecutions().count());
    assertEquals(1, server.generationRequests().size());
  }

  @Test
  public void aFailedContinuationFailsTheSampleAndKeepsTheExecutions() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                index == 0
                    ? Reply.json(200, chatBody(BLOCK, null, "stop"))
                    : Reply.json(400, nestedError("bad request", 400)));

    Generation g = generate(server, PromptTemplate.defaults(), 8);

    assertEquals(ErrorClass.BAD_REQUEST, g.errorClass());
    assertTrue(g.errorMessage(), g.errorMessage().startsWith("turn 2: "));
    assertEquals(List.of("ok"), g.codeExecutions().statuses());
  }

  @Test
  public void reasoningSplitByTheServerIsJoinedBackAcrossTurns() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200,
                    index == 0
                        ? chatBody(BLOCK, "reasoning_content", "stop")
                        : chatBody("\\boxed{204}", null, "stop")));

    Generation g = generate(server, PromptTemplate.defaults(), 8);

    assertEquals("thinking...", g.reasoning());
    assertTrue(g.text(), g.text().startsWith(BLOCK));
    String prefix =
        server.generationRequests().get(1).json().get("messages").get(1).get("content").asText();
    assertTrue(prefix, prefix.startsWith("thinking...</think>" + BLOCK));
  }

  private Generation generate(ScriptedServer server, PromptTemplate template, int max)
      throws Exception {
    OpenAiClient client =
        closing.track(
            new OpenAiClient(
                ClientConfig.builder(List.of(server.url())).model("test-model").build(),
                closing.track(new RecordingScheduler()),
                new Random(7)));
    return new CodeExecutionLoop(client, template, PARAMS, sandbox, max)
        .generate(request())
        .get(30, TimeUnit.SECONDS);
  }

  private ScriptedServer server(ScriptedServer.Script script) throws Exception {
    return closing.track(ScriptedServer.start(script));
  }

  private static SampleRequest request() {
    return new SampleRequest("d", "p1", "What is 17 * 12?", List.of("204"), 0, 1, 42);
  }

  private static String completionBody(String text, String finish) {
    return "{\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":1,\"model\":\"test-model\","
        + "\"choices\":[{\"index\":0,\"text\":"
        + ScriptedServer.quote(text)
        + ",\"logprobs\":null,\"finish_reason\":\""
        + finish
        + "\",\"stop_reason\":null}],\"usage\":{\"prompt_tokens\":50,\"total_tokens\":60,"
        + "\"completion_tokens\":10}}";
  }
}
