package io.mathbeam.core.regrade;

import java.io.Serializable;

/**
 * What a regrade changed in one dataset.
 *
 * @param changed samples whose status changed
 * @param answerOnly samples whose extracted answer changed but whose status did not
 * @param oldCorrect samples the stored grades counted correct
 * @param newCorrect samples the new grades count correct
 */
public record DatasetChanges(
    String dataset, long samples, long changed, long answerOnly, long oldCorrect, long newCorrect)
    implements Serializable {

  /** One sample's part. */
  public static DatasetChanges of(GradeComparison c) {
    return new DatasetChanges(
        c.dataset(),
        1,
        c.statusChanged() ? 1 : 0,
        !c.statusChanged() && c.answerChanged() ? 1 : 0,
        "correct".equals(c.oldStatus()) ? 1 : 0,
        "correct".equals(c.newStatus()) ? 1 : 0);
  }

  public DatasetChanges plus(DatasetChanges o) {
    return new DatasetChanges(
        dataset,
        samples + o.samples,
        changed + o.changed,
        answerOnly + o.answerOnly,
        oldCorrect + o.oldCorrect,
        newCorrect + o.newCorrect);
  }

  /** Net change of the correct count: samples that became correct minus those that stopped. */
  public long correctChange() {
    return newCorrect - oldCorrect;
  }

  /**
   * The change of pass@1 (= correct / samples, as every problem of a dataset has the same number of
   * samples), 0 for an empty dataset.
   */
  public double passAt1Change() {
    return samples == 0 ? 0 : (double) correctChange() / samples;
  }
}
