package io.mathbeam.pipelines.datasets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.datasets.Benchmark;
import io.mathbeam.core.datasets.Benchmarks;
import io.mathbeam.core.datasets.FileHostServer;
import io.mathbeam.core.datasets.SourceFixtures;
import io.mathbeam.core.datasets.SourceLocations;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.eval.EvalInputs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class DatasetsCommandTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileHostServer server;
  private Map<String, String> env;
  private Path cacheDir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Benchmark aime24 = Benchmarks.byName("aime24").orElseThrow();

  @Before
  public void start() throws Exception {
    server = new FileHostServer();
    SourceLocations at = SourceFixtures.locations(server, null);
    env = Map.of("MATHBEAM_GITHUB_RAW", at.githubRaw(), "HF_ENDPOINT", at.huggingFace());
    cacheDir = tmp.newFolder("cache").toPath();
    SourceFixtures.serve(server, at, aime24, SourceFixtures.of("aime24", SharedData.datasets()));
  }

  @After
  public void stop() {
    server.close();
  }

  private int run(String... args) throws Exception {
    return new DatasetsCommand(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            env)
        .run(args);
  }

  @Test
  public void fetchThenListShowsItCached() throws Exception {
    assertEquals(0, run("list", "--dataDir=" + cacheDir));
    assertTrue(out.toString(), line("aime24").contains(" no "));
    assertEquals(0, run("fetch", "aime24", "--dataDir=" + cacheDir));
    assertTrue(
        out.toString(), out.toString().contains("aime24: 30 rows, sha256 " + aime24.sha256()));
    assertTrue(err.toString(), err.toString().contains("aime24 evaluation/data/aime24/test.jsonl"));
    out.reset();
    assertEquals(0, run("list", "--dataDir=" + cacheDir));
    String listed = out.toString();
    assertTrue(
        listed, line("aime24").matches("aime24 +30 +yes .*github:QwenLM/Qwen2.5-Math @ a45202b"));
    for (Benchmark b : Benchmarks.all()) {
      assertTrue(b.name(), listed.contains("\n" + b.name() + " "));
    }
    assertTrue(listed, line("gpqa_diamond").contains("[gated: HF_TOKEN]"));
  }

  @Test
  public void aDataDirectoryFileWithoutARecordIsListedAsAFileAndCheckedAgainstThePin()
      throws Exception {
    Path dir = tmp.newFolder("own").toPath();
    // the shared data folder's AIME 2024 is the registry's conversion: the pin's rows
    Files.copy(SharedData.datasets().resolve("aime24.jsonl"), dir.resolve("aime24.jsonl"));
    Files.writeString(
        dir.resolve("aime25.jsonl"), "{\"id\":\"x\",\"problem\":\"p\",\"answer\":\"1\"}\n");
    assertEquals(0, run("list", "--dataDir=" + dir));
    assertTrue(out.toString(), line("aime24").matches("aime24 +30 +file +.*"));
    assertTrue(out.toString(), line("aime25").matches("aime25 +\\d+ +file,other +.*"));
    assertTrue(out.toString(), line("math500").matches("math500 +500 +no +.*"));
  }

  private String line(String name) {
    for (String l : out.toString().split("\n")) {
      if (l.startsWith(name + " ")) {
        return l;
      }
    }
    return "";
  }

  @Test
  public void changedSourceExitsOneAndIsAcceptedOnlyExplicitly() throws Exception {
    String path =
        SourceFixtures.pathOf(
            server, SourceFixtures.locations(server, null), aime24.files().get(0));
    String changed =
        new String(
            SourceFixtures.of("aime24", SharedData.datasets()).get("test"), StandardCharsets.UTF_8);
    server.put(path, changed.replace("\"204\"", "\"205\"").getBytes(StandardCharsets.UTF_8));

    assertEquals(1, run("fetch", "aime24", "--dataDir=" + cacheDir));
    Matcher hash = Pattern.compile("--accept-hash=([0-9a-f]{64})").matcher(err.toString());
    assertTrue(err.toString(), hash.find());
    assertTrue(err.toString(), err.toString().contains(aime24.sha256()));
    assertTrue(Files.notExists(cacheDir.resolve("aime24.jsonl")));

    assertEquals(
        0, run("fetch", "aime24", "--dataDir=" + cacheDir, "--accept-hash=" + hash.group(1)));
    assertTrue(out.toString(), out.toString().contains("(accepted)"));
  }

  @Test
  public void offlineEvalReadsACopiedCacheAndRecordsItsSourceInTheManifest() throws Exception {
    assertEquals(0, run("fetch", "aime24", "--dataDir=" + cacheDir));
    server.close();
    String output = tmp.getRoot().toPath().resolve("run").toString();
    new EvalCommand(new PrintStream(new ByteArrayOutputStream()))
        .run(
            new String[] {
              "--benchmarks=aime24:1", "--dataDir=" + cacheDir, "--offline", "--output=" + output
            });
    JsonNode dataset =
        new ObjectMapper()
            .readTree(Path.of(output, "metrics.json").toFile())
            .path("manifest")
            .path("datasets")
            .get(0);
    JsonNode source = dataset.path("published_source");
    assertEquals(aime24.sha256(), dataset.path("sha256").asText());
    assertEquals(aime24.sha256(), source.path("sha256").asText());
    assertEquals("registry", source.path("pinned_by").asText());
    assertEquals(
        "a45202bd16f1ec06f433442dc1152d0074773465",
        source.path("sources").get(0).path("revision").asText());
  }

  @Test
  public void evalRefusesACachedFileChangedAfterItsFetch() throws Exception {
    assertEquals(0, run("fetch", "aime24", "--dataDir=" + cacheDir));
    Files.writeString(
        cacheDir.resolve("aime24.jsonl"),
        "{\"id\": \"x\", \"problem\": \"p\", \"answer\": \"1\"}\n");
    IllegalArgumentException e =
        org.junit.Assert.assertThrows(
            IllegalArgumentException.class,
            () ->
                EvalInputs.read(
                    EvalCommand.parse(
                        new String[] {
                          "--benchmarks=aime24", "--dataDir=" + cacheDir, "--offline"
                        })));
    assertTrue(e.getMessage(), e.getMessage().contains("changed after it was fetched"));
  }
}
