package io.mathbeam.transforms.coders;

import io.mathbeam.core.regrade.DatasetChanges;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StatusMove;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.AtomicCoder;

/**
 * Coder for {@link RegradeTally}: datasets, status changes, stored grader versions, judge count.
 */
public final class RegradeTallyCoder extends AtomicCoder<RegradeTally> {
  private static final RegradeTallyCoder INSTANCE = new RegradeTallyCoder();

  public static RegradeTallyCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(RegradeTally t, OutputStream out) throws IOException {
    Wire.writeInt(t.datasets().size(), out);
    for (DatasetChanges d : t.datasets().values()) {
      Wire.writeString(d.dataset(), out);
      Wire.writeLong(d.samples(), out);
      Wire.writeLong(d.changed(), out);
      Wire.writeLong(d.answerOnly(), out);
      Wire.writeLong(d.oldCorrect(), out);
      Wire.writeLong(d.newCorrect(), out);
    }
    List<StatusMove> moves = t.moves();
    Wire.writeInt(moves.size(), out);
    for (StatusMove m : moves) {
      Wire.writeString(m.oldStatus(), out);
      Wire.writeString(m.newStatus(), out);
      Wire.writeLong(m.samples(), out);
    }
    Wire.writeInt(t.oldGraderVersions().size(), out);
    for (Map.Entry<String, Long> v : t.oldGraderVersions().entrySet()) {
      Wire.writeString(v.getKey(), out);
      Wire.writeLong(v.getValue(), out);
    }
    Wire.writeLong(t.oldFromJudge(), out);
  }

  @Override
  public RegradeTally decode(InputStream in) throws IOException {
    RegradeTally t = new RegradeTally();
    int datasets = Wire.readInt(in);
    for (int i = 0; i < datasets; i++) {
      t.addDataset(
          new DatasetChanges(
              Wire.readString(in),
              Wire.readLong(in),
              Wire.readLong(in),
              Wire.readLong(in),
              Wire.readLong(in),
              Wire.readLong(in)));
    }
    int moves = Wire.readInt(in);
    for (int i = 0; i < moves; i++) {
      t.addMove(Wire.readString(in), Wire.readString(in), Wire.readLong(in));
    }
    int versions = Wire.readInt(in);
    for (int i = 0; i < versions; i++) {
      t.addOldGraderVersion(Wire.readString(in), Wire.readLong(in));
    }
    t.addOldFromJudge(Wire.readLong(in));
    return t;
  }
}
