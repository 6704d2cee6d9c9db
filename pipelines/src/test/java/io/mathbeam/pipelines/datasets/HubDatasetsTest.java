package io.mathbeam.pipelines.datasets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.datasets.BenchmarkCache;
import io.mathbeam.core.datasets.FileHostServer;
import io.mathbeam.core.datasets.RegistryLocator;
import io.mathbeam.core.datasets.SourceFixtures;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.eval.EvalCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code hf:OWNER/NAME} benchmarks against a local server that imitates the Hub's endpoints, with
 * the shapes real sets have: Maxwell-Jia/AIME_2024 (one Parquet file, columns {@code ID}, {@code
 * Problem}, {@code Solution}, integer {@code Answer}), opencompass/AIME2025 (two configs in its
 * card), a set with several splits, one readable only through the Parquet conversion, a gated one.
 */
public class HubDatasetsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String AIME = "Maxwell-Jia/AIME_2024";
  private static final String AIME_COMMIT = "a".repeat(40);

  private FileHostServer server;
  private Map<String, String> env;
  private Path cache;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private List<Map<String, Object>> aime;

  @Before
  public void start() throws Exception {
    server = new FileHostServer();
    env = new HashMap<>(Map.of("HF_ENDPOINT", server.baseUrl()));
    cache = tmp.newFolder("cache").toPath();
    aime = new ArrayList<>();
    for (Map<String, Object> row :
        SourceFixtures.rows(SharedData.datasets().resolve("aime24.jsonl"))) {
      Map<String, Object> published = new LinkedHashMap<>();
      published.put("ID", row.get("id"));
      published.put("Problem", row.get("problem"));
      published.put("Solution", "omitted");
      published.put("Answer", Long.parseLong(row.get("answer").toString()));
      aime.add(published);
    }
    HubFixture.publish(
        server,
        AIME,
        AIME_COMMIT,
        List.of("main"),
        Map.of(
            "aime_2024_problems.parquet",
            HubFixture.parquet(tmp.getRoot().toPath(), aime, "Answer")),
        null);
  }

  @After
  public void stop() {
    server.close();
  }

  private int datasets(String... args) throws Exception {
    out.reset();
    err.reset();
    return new DatasetsCommand(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            env)
        .run(args);
  }

  private static JsonNode eval(String... args) throws Exception {
    String output = args[args.length - 1].substring("--output=".length());
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(args);
    return JSON.readTree(Path.of(output, "metrics.json").toFile());
  }

  @Test
  public void aHubDatasetIsFetchedAtItsCommitPinnedAndEvaluatedWithItsOwnColumns()
      throws Exception {
    assertEquals(err.toString(), 0, datasets("fetch", "hf:" + AIME, "--dataDir=" + cache));
    assertTrue(out.toString(), out.toString().contains("hf:" + AIME + ": 30 rows"));
    assertTrue(out.toString(), out.toString().contains("(first-fetch)"));
    JsonNode record = onlyRecord();
    assertEquals("hf:" + AIME, record.path("name").asText());
    assertEquals(AIME_COMMIT, record.path("sources").get(0).path("revision").asText());

    // evaluated from the fetched copy, offline, with the dataset's columns mapped
    String run = tmp.getRoot().toPath().resolve("run").toString();
    JsonNode metrics =
        eval(
            "--benchmarks=hf:" + AIME + ":2",
            "--dataDir=" + cache,
            "--offline",
            "--questionKey=Problem",
            "--answerKey=Answer",
            "--idKey=ID",
            "--simTimeScale=4000",
            "--cacheDir=none",
            "--output=" + run);
    JsonNode dataset = metrics.path("datasets").path(AIME);
    assertEquals(metrics.path("datasets").toString(), 30, dataset.path("num_problems").asInt());
    assertTrue(dataset.toString(), dataset.path("pass_at_k").get(0).path("value").asDouble() > 0);

    // without --dataDir the cache fetches it once and then answers from its record, no request
    BenchmarkCache own = PublishedBenchmarks.cache(tmp.newFolder("own").toPath(), env, quiet());
    RegistryLocator locator = new RegistryLocator(own, false);
    String file = locator.locate("hf:" + AIME).orElseThrow();
    long requests = server.requests().size();
    assertEquals(file, locator.locate("hf:" + AIME).orElseThrow());
    assertEquals(requests, server.requests().size());
    assertEquals(file, new RegistryLocator(own, true).locate("hf:" + AIME).orElseThrow());

    // the columns the mapping names must exist: the error names those that do
    Exception missing =
        assertThrows(
            Exception.class,
            () ->
                eval(
                    "--benchmarks=hf:" + AIME,
                    "--dataDir=" + cache,
                    "--offline",
                    "--simTimeScale=4000",
                    "--cacheDir=none",
                    "--output=" + tmp.getRoot().toPath().resolve("bad")));
    assertTrue(
        missing.getMessage(),
        causes(missing).contains("the row's fields: ID, Problem, Solution, Answer"));
  }

  @Test
  public void configsAndSplitsAreChosenAsTheCardAndTheFileNamesSay() throws Exception {
    String configs =
        "[{\"config_name\":\"AIME2025-I\",\"data_files\":[{\"split\":\"test\",\"path\":"
            + "\"aime2025-I.jsonl\"}]},{\"config_name\":\"AIME2025-II\",\"data_files\":"
            + "[{\"split\":\"test\",\"path\":\"aime2025-II.jsonl\"}]}]";
    HubFixture.publish(
        server,
        "opencompass/AIME2025",
        "b".repeat(40),
        List.of("main"),
        Map.of(
            "aime2025-I.jsonl", HubFixture.jsonLines(rows("I", 15)),
            "aime2025-II.jsonl", HubFixture.jsonLines(rows("II", 15))),
        configs);
    assertEquals(1, datasets("fetch", "hf:opencompass/AIME2025", "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("its configs: AIME2025-I, AIME2025-II"));
    assertEquals(
        err.toString(),
        0,
        datasets("fetch", "hf:opencompass/AIME2025/AIME2025-II#test", "--dataDir=" + cache));
    assertTrue(out.toString(), out.toString().contains(": 15 rows"));
    assertTrue(
        Files.readString(cache.resolve(onlyRecord().path("file").asText())).contains("II-0"));

    HubFixture.publish(
        server,
        "org/splits",
        "c".repeat(40),
        List.of("main"),
        Map.of(
            "data/train-00000-of-00001.jsonl", HubFixture.jsonLines(rows("train", 7)),
            "data/test-00000-of-00001.jsonl", HubFixture.jsonLines(rows("test", 3))),
        null);
    assertEquals(1, datasets("fetch", "hf:org/splits", "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("its splits: test, train"));
    assertEquals(err.toString(), 0, datasets("fetch", "hf:org/splits#test", "--dataDir=" + cache));
    assertTrue(out.toString(), out.toString().contains("hf:org/splits#test: 3 rows"));

    // no data files of its own: the Hub's Parquet conversion of it
    HubFixture.publish(
        server,
        "org/scripted",
        "d".repeat(40),
        List.of("main"),
        Map.of("scripted.py", "# a loading script".getBytes(StandardCharsets.UTF_8)),
        null);
    HubFixture.publish(
        server,
        "org/scripted",
        "e".repeat(40),
        List.of("refs/convert/parquet"),
        Map.of(
            "default/test/0000.parquet",
            HubFixture.parquet(tmp.getRoot().toPath(), aime.subList(0, 5), "Answer")),
        null);
    assertEquals(err.toString(), 0, datasets("fetch", "hf:org/scripted", "--dataDir=" + cache));
    assertTrue(out.toString(), out.toString().contains("hf:org/scripted: 5 rows"));
  }

  @Test
  public void gatedMissingAndChangedDatasetsFailNamingTheIdAndTheCause() throws Exception {
    HubFixture.publish(
        server,
        "org/gated",
        "f".repeat(40),
        List.of("main"),
        Map.of("test.jsonl", HubFixture.jsonLines(rows("g", 4))),
        null);
    server.requireToken("/datasets/org/gated/", "secret");
    assertEquals(1, datasets("fetch", "hf:org/gated", "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("HF_TOKEN"));
    assertTrue(err.toString(), err.toString().contains("hf:org/gated"));
    env.put("HF_TOKEN", "secret");
    assertEquals(err.toString(), 0, datasets("fetch", "hf:org/gated", "--dataDir=" + cache));

    assertEquals(1, datasets("fetch", "hf:org/nosuch", "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("the Hub has no dataset org/nosuch"));
    assertEquals(1, datasets("fetch", "hf:" + AIME + "@v9", "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("at revision v9"));
    assertEquals(1, datasets("fetch", "hf:" + AIME + "#validation", "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("has no split 'validation'"));
    IllegalArgumentException offline =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new RegistryLocator(
                        PublishedBenchmarks.cache(tmp.newFolder("empty").toPath(), env, quiet()),
                        true)
                    .locate("hf:" + AIME));
    assertTrue(offline.getMessage(), offline.getMessage().contains("--offline"));

    // main moves to a commit with other rows: a new fetch refuses them, and keeps the pinned file
    assertEquals(0, datasets("fetch", "hf:" + AIME, "--dataDir=" + cache));
    Path file = cache.resolve(recordOf("hf:" + AIME).path("file").asText());
    String pinned = Files.readString(file);
    HubFixture.publish(
        server,
        AIME,
        "9".repeat(40),
        List.of("main"),
        Map.of(
            "aime_2024_problems.parquet",
            HubFixture.parquet(tmp.getRoot().toPath(), aime.subList(0, 29), "Answer")),
        null);
    assertEquals(1, datasets("fetch", "hf:" + AIME, "--dataDir=" + cache));
    assertTrue(err.toString(), err.toString().contains("hf:" + AIME));
    assertTrue(err.toString(), err.toString().contains("sha256"));
    assertEquals(pinned, Files.readString(file));
  }

  @Test
  public void aNamedBenchmarkOnTheHubIsFetchedByItsNameAndPinnedOnFirstFetch() throws Exception {
    List<Map<String, Object>> problems = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("problem_idx", (long) i);
      row.put("problem", "Problem " + i + ": compute " + i + " times 3.");
      row.put("answer", String.valueOf(3 * i));
      problems.add(row);
    }
    HubFixture.publish(
        server,
        "MathArena/aime_2026",
        "1".repeat(40),
        List.of("main"),
        Map.of(
            "data/train-00000-of-00001.parquet",
            HubFixture.parquet(tmp.getRoot().toPath(), problems, "problem_idx")),
        null);
    assertEquals(err.toString(), 0, datasets("fetch", "aime26", "--dataDir=" + cache));
    assertTrue(out.toString(), out.toString().contains("aime26: 30 rows"));
    assertTrue(out.toString(), out.toString().contains("(first-fetch)"));
    JsonNode record = recordOf("aime26");
    assertEquals("1".repeat(40), record.path("sources").get(0).path("revision").asText());
    String file = Files.readString(cache.resolve(record.path("file").asText()));
    assertTrue(file, file.startsWith("{\"id\": \"aime26-1\", \"problem\": \"Problem 1:"));
    assertTrue(datasets("list", "--dataDir=" + cache) == 0 && out.toString().contains("aime26"));
  }

  private static List<Map<String, Object>> rows(String tag, int n) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", tag + "-" + i);
      row.put("question", "Problem " + tag + " " + i + ": compute " + i + " + 1.");
      row.put("answer", String.valueOf(i + 1));
      rows.add(row);
    }
    return rows;
  }

  /** The cache's one record (the test fetched one set so far). */
  private JsonNode onlyRecord() throws Exception {
    List<Path> records;
    try (Stream<Path> files = Files.list(cache.resolve(".mathbeam"))) {
      records = files.filter(p -> p.getFileName().toString().endsWith(".json")).toList();
    }
    assertEquals(records.toString(), 1, records.size());
    return JSON.readTree(records.get(0).toFile());
  }

  private JsonNode recordOf(String name) throws Exception {
    try (Stream<Path> files = Files.list(cache.resolve(".mathbeam"))) {
      for (Path p : files.filter(f -> f.toString().endsWith(".json")).toList()) {
        JsonNode record = JSON.readTree(p.toFile());
        if (record.path("name").asText().equals(name)) {
          return record;
        }
      }
    }
    throw new AssertionError("no record of " + name);
  }

  private static String causes(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
