package io.mathbeam.transforms;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.transforms.coders.Wire;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.beam.sdk.coders.AtomicCoder;

/**
 * Coder for a group of {@link ProblemSample}s, as {@link SampleParts} emits them: usually one
 * problem's samples. What the group's samples share (dataset, problem id, gold answers) is written
 * once, with the first sample, and decoded once into values the group's samples share; a sample of
 * another problem in the same group carries its own. A grade status is written as its position in
 * {@link GradeStatus} (the coder is never persisted, so positions need not be stable across
 * builds). Every sample crosses the {@code problems/} grouping this way, so what it costs to encode
 * and decode is paid per sample of the run (docs/runners.md, "Where the FlinkRunner's extra CPU
 * goes").
 */
final class ProblemSamplesCoder extends AtomicCoder<List<ProblemSample>> {
  private static final ProblemSamplesCoder INSTANCE = new ProblemSamplesCoder();

  private static final GradeStatus[] STATUSES = GradeStatus.values();

  private static final int CORRECT = 1;
  private static final int CODE = 2;

  /** The sample's dataset, problem id and gold answers follow it (they differ from the last). */
  private static final int OWN_PROBLEM = 4;

  static ProblemSamplesCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(List<ProblemSample> samples, OutputStream out) throws IOException {
    Wire.writeInt(samples.size(), out);
    ProblemSample last = null;
    for (ProblemSample s : samples) {
      boolean own = last == null || !sameProblem(last, s);
      Wire.writeInt(
          (s.correct() ? CORRECT : 0) | (s.code() ? CODE : 0) | (own ? OWN_PROBLEM : 0), out);
      if (own) {
        Wire.writeString(s.datasetId(), out);
        Wire.writeString(s.problemId(), out);
        Wire.writeStrings(s.goldAnswers(), out);
        last = s;
      }
      Wire.writeString(s.problem(), out);
      Wire.writeInt(s.sampleIndex(), out);
      Wire.writeLong(s.seed(), out);
      writeStatus(s.status(), out);
      Wire.writeString(s.extractedAnswer(), out);
    }
  }

  @Override
  public List<ProblemSample> decode(InputStream in) throws IOException {
    int size = Wire.readInt(in);
    List<ProblemSample> samples = new ArrayList<>(size);
    String datasetId = null;
    String problemId = null;
    List<String> golds = null;
    for (int i = 0; i < size; i++) {
      int flags = Wire.readInt(in);
      if ((flags & OWN_PROBLEM) != 0) {
        datasetId = Wire.readString(in);
        problemId = Wire.readString(in);
        golds = Wire.readStrings(in);
      }
      String problem = Wire.readString(in);
      int index = Wire.readInt(in);
      long seed = Wire.readLong(in);
      String status = readStatus(in);
      samples.add(
          new ProblemSample(
              datasetId,
              problemId,
              problem,
              golds,
              index,
              seed,
              (flags & CORRECT) != 0,
              status,
              Wire.readString(in),
              (flags & CODE) != 0));
    }
    return samples;
  }

  private static boolean sameProblem(ProblemSample a, ProblemSample b) {
    return Objects.equals(a.datasetId(), b.datasetId())
        && Objects.equals(a.problemId(), b.problemId())
        && Objects.equals(a.goldAnswers(), b.goldAnswers());
  }

  /** 0 for null, 1 + the position of a known status's wire name, else -1 and the text. */
  private static void writeStatus(String status, OutputStream out) throws IOException {
    if (status == null) {
      Wire.writeInt(0, out);
      return;
    }
    for (int i = 0; i < STATUSES.length; i++) {
      if (STATUSES[i].wireName().equals(status)) {
        Wire.writeInt(i + 1, out);
        return;
      }
    }
    Wire.writeInt(-1, out);
    Wire.writeString(status, out);
  }

  private static String readStatus(InputStream in) throws IOException {
    int code = Wire.readInt(in);
    if (code == -1) {
      return Wire.readString(in);
    }
    if (code < 0 || code > STATUSES.length) {
      throw new IOException("not a grade status code: " + code);
    }
    return code == 0 ? null : STATUSES[code - 1].wireName();
  }

  @Override
  public void verifyDeterministic() {}
}
