package io.mathbeam.core.code;

import static org.junit.Assert.assertTrue;

import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.Test;

public class CodeGradeBenchmarkTest {
  @Test
  public void printsStartCostsAndThroughputOfPassingGradings() throws Exception {
    TestSandboxes.open(TestSandboxes.quick(1)).close(); // installs bubblewrap when missing
    String file = SharedData.datasets().resolve("code/humaneval.jsonl").toString();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodeGradeBenchmark.run(
        new String[] {"--humaneval=" + file, "--limit=4", "--bare-runs=3", "--parallelism=2"},
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out, out.matches("(?s).*sandbox start \\(median of its probes\\): \\d+ ms\n.*"));
    assertTrue(
        out, out.matches("(?s).*-I -c pass: median [0-9.]+ ms, p90 [0-9.]+ ms \\(3 runs\\).*"));
    assertTrue(out, out.contains("parallelism 1: 4 executions in "));
    assertTrue(out, out.matches("(?s).*parallelism 2: 4 executions in .* 4 passed\n"));
  }
}
