package io.mathbeam.core.problems;

import java.io.Serializable;

/**
 * One input file and how to treat it.
 *
 * @param path a local path, a Beam file system URL, or {@code builtin:<name>} for a set that ships
 *     inside mathbeam
 * @param datasetId the dataset its problems belong to (benchmark name or file base name)
 * @param samples K, the samples to draw per problem
 */
public record ProblemSource(String path, String datasetId, int samples, ProblemFormat format)
    implements Serializable {

  public static final String BUILTIN_PREFIX = "builtin:";

  public ProblemSource {
    if (samples < 1) {
      throw new IllegalArgumentException("K must be >= 1 for " + datasetId + ", got " + samples);
    }
  }

  public boolean builtin() {
    return path.startsWith(BUILTIN_PREFIX);
  }
}
