package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.pipelines.Main;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** What {@code eval} says about inputs it cannot use, before any request is sent. */
public class InputChecksTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private void eval(String... args) throws Exception {
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(args);
  }

  /** Beam's match of this path walked the whole file system from / before the fix. */
  @Test(timeout = 30_000)
  public void aMissingProblemFileUnderTheRootFailsAtOnceNamingIt() throws Exception {
    FileNotFoundException e =
        assertThrows(
            FileNotFoundException.class,
            () ->
                eval(
                    "--problems=/nonexistent-mathbeam-input.jsonl",
                    "--output=" + tmp.newFolder("out")));
    assertEquals("problem file /nonexistent-mathbeam-input.jsonl does not exist", e.getMessage());
  }

  @Test(timeout = 30_000)
  public void aMistypedProblemFileNameSuggestsTheFileBesideIt() throws Exception {
    Path data = tmp.newFolder("data").toPath();
    Files.writeString(
        data.resolve("aime24.jsonl"), "{\"id\":\"1\",\"problem\":\"p\",\"answer\":\"1\"}\n");
    FileNotFoundException e =
        assertThrows(
            FileNotFoundException.class,
            () ->
                eval(
                    "--problems=" + data.resolve("aime42.jsonl"),
                    "--output=" + tmp.newFolder("out")));
    assertTrue(
        e.getMessage(),
        e.getMessage()
            .endsWith("does not exist (did you mean '" + data.resolve("aime24.jsonl") + "'?)"));
  }

  @Test(timeout = 30_000)
  public void aMissingFolderIsNamed() throws Exception {
    FileNotFoundException e =
        assertThrows(
            FileNotFoundException.class,
            () ->
                eval(
                    "--problems=" + tmp.getRoot() + "/no-such-dir/deeper/aime24.jsonl",
                    "--output=" + tmp.newFolder("out")));
    assertTrue(
        e.getMessage(), e.getMessage().endsWith("(no folder " + tmp.getRoot() + "/no-such-dir)"));
  }

  @Test
  public void aRunWhoseEveryRowIsRejectedFailsListingTheFirstRejections() throws Exception {
    Path humaneval = tmp.getRoot().toPath().resolve("humaneval_like.jsonl");
    Files.writeString(
        humaneval,
        "{\"id\":\"HumanEval/0\",\"prompt\":\"def f():\"}\n"
            + "{\"id\":\"HumanEval/1\",\"prompt\":\"def g():\"}\n"
            + "{\"id\":\"HumanEval/2\",\"prompt\":\"def h():\"}\n");
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                eval(
                    "--problems=" + humaneval,
                    "--maxRejectedFraction=1.0",
                    "--output=" + tmp.newFolder("out")));
    String message = Main.message(e);
    assertTrue(message, message.startsWith("no valid problem: all 3 input rows were rejected"));
    assertTrue(message, message.contains("humaneval_like.jsonl:1: field 'problem': missing"));
  }
}
