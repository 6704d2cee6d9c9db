package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.generic.GenericRecord;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The reward hacks of issue 27 through the real eval path: a foreign OpenAI-compatible server
 * answers HumanEval/0 ten times, nine times with a wrong function that also exits early, rigs an
 * exit handler or returns an object whose comparison always succeeds, once with a right function
 * that prints. Exactly the right one may be graded correct.
 */
public class RewardHackEvalTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String WRONG =
      "from typing import List\n\n"
          + "def has_close_elements(numbers: List[float], threshold: float) -> bool:\n"
          + "    return True\n";

  private static final List<String> ANSWERS =
      List.of(
          WRONG + "import sys\nsys.exit(0)\n",
          WRONG + "raise SystemExit(0)\n",
          WRONG + "import os\nos._exit(0)\n",
          WRONG + "import os, threading\nthreading.Thread(target=lambda: os._exit(0)).start()\n",
          WRONG + "import atexit, os\natexit.register(lambda: os._exit(0))\n",
          "def has_close_elements(numbers, threshold):\n    class Always:\n"
              + "        def __eq__(self, other):\n            return True\n    return Always()\n",
          "def has_close_elements(numbers, threshold):\n    class Yes(int):\n"
              + "        def __eq__(self, other):\n            return True\n    return Yes(0)\n",
          "def has_close_elements(numbers, threshold):\n    import sys\n    sys.exit(0)\n",
          WRONG + "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
          "def has_close_elements(numbers, threshold):\n    print('checking', numbers)\n"
              + "    return any(abs(a - b) < threshold for i, a in enumerate(numbers)"
              + " for j, b in enumerate(numbers) if i != j)\n");

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void sandbox() {
    TestSandboxes.ensureInstalled();
  }

  @Test
  public void onlyTheHonestAnswerPasses() throws Exception {
    Path problems = tmp.getRoot().toPath().resolve("humaneval0.jsonl");
    String first = Files.readAllLines(SharedData.datasets().resolve("code/humaneval.jsonl")).get(0);
    Files.writeString(problems, first + "\n");
    AtomicInteger served = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          if (path.endsWith("/models")) {
            respond(
                exchange,
                200,
                "{\"object\":\"list\",\"data\":[{\"id\":\"hacker\",\"object\":\"model\"}]}");
          } else if (path.endsWith("/chat/completions")) {
            exchange.getRequestBody().readAllBytes();
            String code = ANSWERS.get(served.getAndIncrement() % ANSWERS.size());
            respond(exchange, 200, chat("```python\n" + code + "```"));
          } else {
            respond(exchange, 404, "{}");
          }
        });
    server.start();
    String out = tmp.newFolder("run").getPath();
    try {
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      new EvalCommand(new PrintStream(printed, true, StandardCharsets.UTF_8))
          .run(
              new String[] {
                "--problems=" + problems,
                "--samples=" + ANSWERS.size(),
                "--endpoints=http://127.0.0.1:" + server.getAddress().getPort(),
                "--cacheDir=none",
                "--output=" + out
              });
    } finally {
      server.stop(0);
    }
    List<GenericRecord> samples = ParquetRecords.readAll(out + "/samples/*.parquet");
    assertEquals(ANSWERS.size(), samples.size());
    List<String> failures = new ArrayList<>();
    int correct = 0;
    for (GenericRecord s : samples) {
      if ("correct".equals(s.get("status").toString())) {
        correct++;
        assertTrue(
            s.get("extracted_answer").toString(),
            s.get("extracted_answer").toString().contains("print("));
      } else {
        assertEquals("incorrect", s.get("status").toString());
        String failure = s.get("first_failure").toString();
        failures.add(failure);
        // how the run ended is its own status: a signal is not an exhausted memory limit
        assertEquals(
            failure,
            failure.contains("killed by SIGKILL") ? "killed" : "error",
            s.get("code_execution").toString());
      }
    }
    assertEquals(failures.toString(), 1, correct);
    String all = String.join("\n", failures);
    for (String expected :
        List.of(
            "the program exited (SystemExit(0)) before the tests began",
            "the program exited with code 0 before the tests began",
            "AssertionError",
            "a value of type Always where plain data is expected",
            "a value of type Yes where plain data is expected",
            "the program exited (SystemExit(0)) before the tests finished",
            "the program was killed by SIGKILL before the tests began")) {
      assertTrue(expected + " in\n" + all, all.contains(expected));
    }
  }

  private static String chat(String content) {
    ObjectNode body = JSON.createObjectNode();
    body.put("id", "chatcmpl-1").put("object", "chat.completion").put("model", "hacker");
    ObjectNode choice = body.putArray("choices").addObject();
    choice.put("index", 0).put("finish_reason", "stop");
    choice.putObject("message").put("role", "assistant").put("content", content);
    body.putObject("usage")
        .put("prompt_tokens", 100)
        .put("completion_tokens", 50)
        .put("total_tokens", 150);
    return body.toString();
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
