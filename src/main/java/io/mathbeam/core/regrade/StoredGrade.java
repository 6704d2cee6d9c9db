package io.mathbeam.core.regrade;

import java.io.Serializable;
import java.util.Objects;

/**
 * The grade an earlier run stored for a sample, as its {@code samples/} row records it.
 *
 * @param status the stored {@code status} wire name (what the earlier metrics counted)
 * @param extractedAnswer the stored {@code extracted_answer}, or null
 * @param graderVersion the stored {@code grader_version}, or the run manifest's for rows written
 *     before samples recorded it
 * @param fromJudge the stored {@code status} came from a judge model ({@code --rewardFrom}), not
 *     from the symbolic grader: it differs from the row's {@code symbolic_status}
 */
public record StoredGrade(
    String status, String extractedAnswer, String graderVersion, boolean fromJudge)
    implements Serializable {

  public StoredGrade {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(graderVersion, "graderVersion");
  }
}
