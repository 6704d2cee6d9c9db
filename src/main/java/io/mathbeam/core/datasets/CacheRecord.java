package io.mathbeam.core.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the cache knows about a fetched benchmark, kept beside it in {@code .mathbeam/<name>.json}:
 * where its rows came from, at which revision, and the sha256 they were checked against. The run
 * manifest copies it.
 *
 * @param pinnedBy {@code registry} (the hash mathbeam ships), {@code first-fetch} (no hash was
 *     shipped; this fetch's rows became the pin) or {@code accepted} (the user accepted a new hash
 *     with {@code --accept-hash})
 */
public record CacheRecord(
    String name,
    String file,
    String sha256,
    long rows,
    String pinnedBy,
    List<Source> sources,
    String fetchedAt) {

  public static final String REGISTRY = "registry";
  public static final String FIRST_FETCH = "first-fetch";
  public static final String ACCEPTED = "accepted";

  static final String FOLDER = ".mathbeam";
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * @param resolvedRevision the commit the host resolved {@code revision} to, where it said
   */
  public record Source(String url, String revision, String resolvedRevision) {}

  public CacheRecord {
    sources = List.copyOf(sources);
  }

  /** The record's path for a benchmark in a cache (or data directory) rooted at {@code root}. */
  static Path pathIn(Path root, String name) {
    return root.resolve(FOLDER).resolve(name + ".json");
  }

  /**
   * The record beside a benchmark file of a cache or a copied cache ({@code <dir>/aime24.jsonl} or
   * {@code <dir>/code/humaneval.jsonl}), if there is one.
   */
  public static Optional<CacheRecord> beside(Path file) {
    String fileName = file.getFileName().toString();
    if (!fileName.endsWith(".jsonl")) {
      return Optional.empty();
    }
    String name = fileName.substring(0, fileName.length() - ".jsonl".length());
    Path dir = file.toAbsolutePath().getParent();
    // code benchmarks sit in the code/ folder; their record is in the root's .mathbeam/
    Path root =
        dir.getFileName() != null && dir.getFileName().toString().equals("code")
            ? dir.getParent()
            : dir;
    Path record = pathIn(root, name);
    if (!Files.isRegularFile(record)) {
      return Optional.empty();
    }
    try {
      return Optional.of(read(record));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  static CacheRecord read(Path path) throws IOException {
    JsonNode n = JSON.readTree(path.toFile());
    List<Source> sources = new ArrayList<>();
    for (JsonNode s : n.path("sources")) {
      sources.add(
          new Source(
              s.path("url").asText(),
              s.path("revision").asText(),
              s.hasNonNull("resolved_revision") ? s.get("resolved_revision").asText() : null));
    }
    return new CacheRecord(
        n.path("name").asText(),
        n.path("file").asText(),
        n.path("sha256").asText(),
        n.path("rows").asLong(),
        n.path("pinned_by").asText(),
        sources,
        n.path("fetched_at").asText());
  }

  public ObjectNode toJson() {
    ObjectNode n = JSON.createObjectNode();
    n.put("name", name);
    n.put("file", file);
    n.put("sha256", sha256);
    n.put("rows", rows);
    n.put("pinned_by", pinnedBy);
    ArrayNode list = n.putArray("sources");
    for (Source s : sources) {
      ObjectNode o = list.addObject();
      o.put("url", s.url());
      o.put("revision", s.revision());
      if (s.resolvedRevision() != null) {
        o.put("resolved_revision", s.resolvedRevision());
      }
    }
    n.put("fetched_at", fetchedAt);
    return n;
  }

  void write(Path path) throws IOException {
    Files.createDirectories(path.getParent());
    Path tmp = Files.createTempFile(path.getParent(), path.getFileName().toString(), ".tmp");
    Files.writeString(tmp, JSON.writeValueAsString(toJson()) + "\n");
    Files.move(
        tmp,
        path,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }
}
