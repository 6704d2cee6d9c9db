package io.mathbeam.core.regrade;

import io.mathbeam.core.model.GradedSample;
import java.io.Serializable;
import java.util.Objects;

/**
 * One sample's stored grade against its new one: the few fields the regrade counts, and the whole
 * {@link VerdictChange} only when the status changed, so comparing a million samples holds no text.
 *
 * @param answerChanged the extracted answer differs (whether or not the status does)
 * @param change the sample's line of {@code regrade-changes.jsonl} when its status changed, else
 *     null
 */
public record GradeComparison(
    String dataset,
    String oldStatus,
    String newStatus,
    boolean answerChanged,
    boolean oldFromJudge,
    String oldGraderVersion,
    VerdictChange change)
    implements Serializable {

  public GradeComparison {
    if ((change != null) != !oldStatus.equals(newStatus)) {
      throw new IllegalArgumentException(
          "a comparison carries its change exactly when the status changed: "
              + oldStatus
              + " -> "
              + newStatus);
    }
  }

  public static GradeComparison of(StoredGrade old, GradedSample now, String newGraderVersion) {
    String newStatus = now.status().wireName();
    boolean statusChanged = !newStatus.equals(old.status());
    return new GradeComparison(
        now.request().datasetId(),
        old.status(),
        newStatus,
        !Objects.equals(old.extractedAnswer(), now.extractedAnswer()),
        old.fromJudge(),
        old.graderVersion(),
        statusChanged ? VerdictChange.of(old, now, newGraderVersion) : null);
  }

  public boolean statusChanged() {
    return change != null;
  }
}
