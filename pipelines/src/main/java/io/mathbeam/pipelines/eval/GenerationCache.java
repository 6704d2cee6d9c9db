package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * The driver's side of the generation cache: picks this configuration's directory ({@code
 * <cacheDir>/<key hash>}) and records what the key stands for in its {@code manifest.json},
 * refusing a directory whose manifest says otherwise.
 */
final class GenerationCache {
  static final String DISABLED = "none";

  private GenerationCache() {}

  /** The cache directory of this configuration, or null when caching is off. */
  static String prepare(String cacheDirOption, String outputDir, ObjectNode key)
      throws IOException {
    if (DISABLED.equals(cacheDirOption)) {
      return null;
    }
    String root = cacheDirOption != null ? cacheDirOption : outputDir + "/cache";
    String dir = root.replaceAll("/+$", "") + "/" + GenerationCacheKey.hash(key);
    ResourceId manifest =
        FileSystems.matchNewResource(dir, true)
            .resolve("manifest.json", StandardResolveOptions.RESOLVE_FILE);
    MatchResult existing = FileSystems.match(List.of(manifest.toString())).get(0);
    if (existing.status() == MatchResult.Status.OK && !existing.metadata().isEmpty()) {
      JsonNode recorded;
      try (InputStream in = Storage.open(manifest.toString())) {
        recorded = MetricsJson.JSON.readTree(in);
      }
      if (!recorded.toString().equals(key.toString())) {
        throw new IllegalStateException(
            "generation cache "
                + dir
                + " was written for another configuration (its manifest.json differs); remove it"
                + " or choose another --cacheDir");
      }
      return dir;
    }
    try (OutputStream out =
        Channels.newOutputStream(FileSystems.create(manifest, MimeTypes.TEXT))) {
      out.write(MetricsJson.write(key).getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }
}
