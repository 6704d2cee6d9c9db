package io.mathbeam.core.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link HubDatasetId} into a {@link Benchmark} the cache can fetch: the revision resolved
 * to its commit, and the data files of the config and split asked for, through two documented Hub
 * endpoints (docs/DATASETS.md, "Any Hub dataset"): {@code GET /api/datasets/REPO/revision/REV} (the
 * commit, the repository's files, and the dataset card's metadata with its {@code configs}) and
 * {@code GET /datasets/REPO/resolve/COMMIT/PATH} (a file). A dataset with no data files of its own
 * is read from the Hub's Parquet conversion, the branch {@code refs/convert/parquet}, whose files
 * are {@code CONFIG/SPLIT/NNNN.parquet}.
 */
public final class HubDatasets {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONVERSION = "refs/convert/parquet";

  private final SourceLocations locations;
  private final Downloader downloader;
  private final Path scratch;

  /**
   * @param scratch a directory for the API's answers while resolving
   */
  public HubDatasets(SourceLocations locations, Downloader downloader, Path scratch) {
    this.locations = locations;
    this.downloader = downloader;
    this.scratch = scratch;
  }

  /** The benchmark {@code id} names: its files at the resolved commit, pinned on first fetch. */
  public Benchmark resolve(HubDatasetId id)
      throws BenchmarkUnavailableException, InterruptedException {
    Revision own = revision(id, id.revisionOrMain(), true);
    List<String> dataFiles = own.files().stream().filter(HubFiles::isData).toList();
    String commit = own.sha();
    List<String> chosen;
    if (!dataFiles.isEmpty()) {
      chosen = HubFiles.select(id, dataFiles, own.configs());
    } else {
      // no data files of its own (a loading script): the Hub's Parquet conversion of it
      Revision converted = revision(id, CONVERSION, false);
      commit = converted.sha();
      chosen = HubFiles.selectConverted(id, converted.files());
    }
    List<SourceFile> files = new ArrayList<>();
    for (String path : chosen) {
      files.add(SourceFile.huggingFace(path, id.repo(), commit, path));
    }
    return new Benchmark(
        id.toString(),
        id + " (Hugging Face Hub, " + String.join(", ", chosen) + ")",
        files,
        0,
        null,
        false,
        own.gated(),
        HubRows::convert);
  }

  /** A revision of the dataset: its commit, files, card configs and whether it is gated. */
  record Revision(String sha, List<String> files, JsonNode configs, boolean gated) {}

  private Revision revision(HubDatasetId id, String revision, boolean own)
      throws BenchmarkUnavailableException, InterruptedException {
    String url =
        locations.huggingFace()
            + "/api/datasets/"
            + id.repo()
            + "/revision/"
            + URLEncoder.encode(revision, StandardCharsets.UTF_8);
    JsonNode node = get(id, url, own ? "revision " + revision : "the Hub's Parquet conversion");
    String sha = node.path("sha").asText("");
    if (!sha.matches("[0-9a-f]{40}")) {
      throw new BenchmarkUnavailableException(
          id + ": the Hub answered " + url + " without a commit (field 'sha')", null);
    }
    List<String> files = new ArrayList<>();
    for (JsonNode sibling : node.path("siblings")) {
      files.add(sibling.path("rfilename").asText());
    }
    JsonNode gated = node.path("gated");
    return new Revision(
        sha,
        files,
        node.path("cardData").path("configs"),
        gated.isTextual() || gated.asBoolean(false));
  }

  private JsonNode get(HubDatasetId id, String url, String what)
      throws BenchmarkUnavailableException, InterruptedException {
    try {
      Files.createDirectories(scratch);
      Path answer = Files.createTempFile(scratch, "hub-", ".json");
      try {
        downloader.download(url, locations.hfToken(), answer, id + " " + what);
        return JSON.readTree(answer.toFile());
      } finally {
        Files.deleteIfExists(answer);
        Files.deleteIfExists(answer.resolveSibling(answer.getFileName() + ".part"));
      }
    } catch (DownloadException e) {
      throw new BenchmarkUnavailableException(id + ": " + why(id, url, what, e), null);
    } catch (IOException e) {
      throw new BenchmarkUnavailableException(id + ": cannot read " + url + ": " + e, null);
    }
  }

  private String why(HubDatasetId id, String url, String what, DownloadException e) {
    return switch (e.kind()) {
      case NOT_FOUND ->
          what.startsWith("revision")
              ? "the Hub has no dataset "
                  + id.repo()
                  + " at "
                  + what
                  + " ("
                  + url
                  + " answered 404: check the name, and that the branch, tag or commit exists)"
              : "the dataset has no data files of its own and the Hub has no Parquet conversion"
                  + " of it ("
                  + url
                  + " answered 404)";
      case UNAUTHORIZED ->
          locations.hfToken() == null
              ? "the dataset is gated or private ("
                  + e.getMessage()
                  + "): set HF_TOKEN to a token of an account that may read it"
              : "HF_TOKEN was refused ("
                  + e.getMessage()
                  + "): its account may not have accepted the terms at https://huggingface.co/datasets/"
                  + id.repo();
      case FAILED -> "cannot reach " + url + ": " + e.getMessage();
    };
  }
}
