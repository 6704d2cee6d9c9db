package io.mathbeam.core.datasets;

import java.util.Map;

/**
 * Where published files are fetched from: the GitHub raw-file host and the Hugging Face hub (or
 * mirrors of them, and local servers in tests), and the user's Hugging Face token for gated sets.
 *
 * @param githubRaw base of {@code OWNER/REPO/COMMIT/PATH} URLs ({@code $MATHBEAM_GITHUB_RAW})
 * @param huggingFace base of {@code datasets/REPO/resolve/REVISION/FILE} URLs ({@code
 *     $HF_ENDPOINT}, the variable the Hugging Face tools read too)
 * @param hfToken {@code $HF_TOKEN}, or null; sent only to the Hugging Face base
 */
public record SourceLocations(String githubRaw, String huggingFace, String hfToken) {
  public static final String GITHUB_RAW_DEFAULT = "https://raw.githubusercontent.com";
  public static final String HUGGING_FACE_DEFAULT = "https://huggingface.co";

  public SourceLocations {
    githubRaw = trimSlash(githubRaw);
    huggingFace = trimSlash(huggingFace);
    hfToken = hfToken == null || hfToken.isBlank() ? null : hfToken.strip();
  }

  /** From {@code MATHBEAM_GITHUB_RAW}, {@code HF_ENDPOINT} and {@code HF_TOKEN}. */
  public static SourceLocations fromEnvironment(Map<String, String> env) {
    return new SourceLocations(
        env.getOrDefault("MATHBEAM_GITHUB_RAW", GITHUB_RAW_DEFAULT),
        env.getOrDefault("HF_ENDPOINT", HUGGING_FACE_DEFAULT),
        env.get("HF_TOKEN"));
  }

  private static String trimSlash(String base) {
    String b = base == null || base.isBlank() ? null : base.strip();
    if (b == null) {
      throw new IllegalArgumentException("a source base URL is empty");
    }
    return b.replaceAll("/+$", "");
  }
}
