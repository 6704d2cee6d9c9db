package io.mathbeam.core.datasets;

import io.mathbeam.core.problems.BenchmarkLocator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Hugging Face Hub dataset named on the command line: {@code
 * hf:OWNER/NAME[/CONFIG][#SPLIT][@REVISION]} ({@code hf:Maxwell-Jia/AIME_2024}, {@code
 * hf:opencompass/AIME2025/AIME2025-I#test}, {@code hf:HuggingFaceH4/MATH-500#test@main}). Without a
 * config the dataset's default one; without a split its only split; without a revision {@code
 * main}. docs/DATASETS.md, "Any Hub dataset".
 *
 * @param repo {@code OWNER/NAME}
 * @param config the configuration (subset), or null for the default
 * @param split the split, or null for the only one
 * @param revision a branch, tag or commit, or null for {@code main}
 */
public record HubDatasetId(String repo, String config, String split, String revision) {
  public static final String PREFIX = BenchmarkLocator.HUB_PREFIX;

  private static final String PART = "[A-Za-z0-9][A-Za-z0-9._-]*";
  private static final Pattern SYNTAX =
      Pattern.compile(
          "^hf:("
              + PART
              + "/"
              + PART
              + ")(?:/([^#@/\\s]+))?(?:#([A-Za-z0-9._-]+))?(?:@([^\\s#@]+))?$");

  /** Whether {@code name} names a Hub dataset rather than a built-in benchmark. */
  public static boolean isHub(String name) {
    return name != null && name.startsWith(PREFIX);
  }

  /** Reads {@code name}; a malformed one is an error that shows the syntax. */
  public static HubDatasetId parse(String name) {
    Matcher m = SYNTAX.matcher(name.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'"
              + name
              + "' is not a Hub dataset name: write hf:OWNER/NAME[/CONFIG][#SPLIT][@REVISION],"
              + " e.g. hf:Maxwell-Jia/AIME_2024 or hf:opencompass/AIME2025/AIME2025-I#test");
    }
    return new HubDatasetId(m.group(1), m.group(2), m.group(3), m.group(4));
  }

  /** The revision asked for: {@code main} unless one was named. */
  public String revisionOrMain() {
    return revision == null ? "main" : revision;
  }

  /**
   * The name the run's outputs use for it (their {@code data_source}): the repository, its config
   * and split as written, without the revision, which the manifest records.
   */
  public String datasetId() {
    return repo + (config == null ? "" : "/" + config) + (split == null ? "" : "#" + split);
  }

  /**
   * The file name the cache keeps it under: the repository readable, and a digest of the whole name
   * (config, split and revision included: each is pinned on its own first fetch).
   */
  public String cacheName() {
    String digest = Sha256.ofText(toString()).substring(0, 10);
    return "hf--" + repo.replaceAll("[^A-Za-z0-9._-]", "-") + "--" + digest;
  }

  @Override
  public String toString() {
    return PREFIX + datasetId() + (revision == null ? "" : "@" + revision);
  }
}
