package io.mathbeam.core.datasets;

/**
 * One published file a benchmark is built from, at a pinned revision.
 *
 * @param key the name the benchmark's conversion reads it by
 * @param host where it is published
 * @param repo {@code owner/name} of the GitHub repository or Hugging Face dataset
 * @param revision the full commit hash (never a branch, so that the file cannot change under it)
 * @param path the file's path inside the repository
 */
public record SourceFile(String key, Host host, String repo, String revision, String path) {
  /** The hosts files are published at. */
  public enum Host {
    GITHUB,
    HUGGING_FACE
  }

  public static SourceFile github(String key, String repo, String commit, String path) {
    return new SourceFile(key, Host.GITHUB, repo, commit, path);
  }

  public static SourceFile huggingFace(String key, String repo, String revision, String path) {
    return new SourceFile(key, Host.HUGGING_FACE, repo, revision, path);
  }

  public String url(SourceLocations at) {
    return switch (host) {
      case GITHUB -> at.githubRaw() + "/" + repo + "/" + revision + "/" + path;
      case HUGGING_FACE ->
          at.huggingFace() + "/datasets/" + repo + "/resolve/" + revision + "/" + path;
    };
  }

  /** {@code owner/repo:path @ revision}, as the provenance notes write it. */
  public String describe() {
    return (host == Host.HUGGING_FACE ? "hf:" : "") + repo + ":" + path + " @ " + revision;
  }
}
