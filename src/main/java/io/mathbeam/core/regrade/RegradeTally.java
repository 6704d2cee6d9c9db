package io.mathbeam.core.regrade;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The counts of a regrade, summed over any number of {@link GradeComparison}s and merged across
 * workers: per dataset, per (old status, new status) pair that changed, per stored grader version.
 * Its size grows with the number of datasets and statuses, never with the number of samples.
 */
public final class RegradeTally implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Map<String, DatasetChanges> datasets = new TreeMap<>();
  private final Map<String, Map<String, Long>> moves = new TreeMap<>();
  private final Map<String, Long> oldGraderVersions = new TreeMap<>();
  private long oldFromJudge;

  public RegradeTally add(GradeComparison c) {
    addDataset(DatasetChanges.of(c));
    if (c.statusChanged()) {
      addMove(c.oldStatus(), c.newStatus(), 1);
    }
    addOldGraderVersion(c.oldGraderVersion(), 1);
    if (c.oldFromJudge()) {
      addOldFromJudge(1);
    }
    return this;
  }

  public RegradeTally merge(RegradeTally o) {
    o.datasets.values().forEach(this::addDataset);
    o.moves.forEach((from, to) -> to.forEach((status, n) -> addMove(from, status, n)));
    o.oldGraderVersions.forEach(this::addOldGraderVersion);
    addOldFromJudge(o.oldFromJudge);
    return this;
  }

  public RegradeTally addDataset(DatasetChanges d) {
    datasets.merge(d.dataset(), d, DatasetChanges::plus);
    return this;
  }

  public RegradeTally addMove(String oldStatus, String newStatus, long samples) {
    moves.computeIfAbsent(oldStatus, s -> new TreeMap<>()).merge(newStatus, samples, Long::sum);
    return this;
  }

  public RegradeTally addOldGraderVersion(String version, long samples) {
    oldGraderVersions.merge(version, samples, Long::sum);
    return this;
  }

  public RegradeTally addOldFromJudge(long samples) {
    oldFromJudge += samples;
    return this;
  }

  /** Per dataset, by name. */
  public Map<String, DatasetChanges> datasets() {
    return Collections.unmodifiableMap(datasets);
  }

  /** The status changes, as a list. */
  public List<StatusMove> moves() {
    List<StatusMove> out = new ArrayList<>();
    moves.forEach(
        (from, to) -> to.forEach((status, n) -> out.add(new StatusMove(from, status, n))));
    return out;
  }

  /** Samples per stored grader version. */
  public Map<String, Long> oldGraderVersions() {
    return Collections.unmodifiableMap(oldGraderVersions);
  }

  /** Samples whose stored status came from a judge model. */
  public long oldFromJudge() {
    return oldFromJudge;
  }

  /**
   * The summary of these counts: status changes most frequent first, datasets by name.
   *
   * @param listLimit at most this many changed samples are listed in {@code regrade-changes.jsonl}
   */
  public RegradeSummary summary(String newGraderVersion, int listLimit) {
    List<StatusMove> byCount = moves();
    byCount.sort(Comparator.comparingLong(StatusMove::samples).reversed());
    return new RegradeSummary(
        oldGraderVersions,
        newGraderVersion,
        new ArrayList<>(datasets.values()),
        byCount,
        oldFromJudge,
        listLimit);
  }
}
