package io.mathbeam.transforms.coders;

import io.mathbeam.core.model.CodeExecutions;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link Generation}. */
public final class GenerationCoder extends AtomicCoder<Generation> {
  private static final GenerationCoder INSTANCE = new GenerationCoder();

  public static GenerationCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(Generation g, OutputStream out) throws IOException {
    SampleRequestCoder.of().encode(g.request(), out);
    Wire.writeString(g.text(), out);
    Wire.writeString(g.reasoning(), out);
    Wire.writeString(g.finishReason(), out);
    Wire.writeInt(g.promptTokens(), out);
    Wire.writeInt(g.completionTokens(), out);
    Wire.writeLong(g.latencyMs(), out);
    Wire.writeString(g.replica(), out);
    Wire.writeInt(g.attempts(), out);
    Wire.writeString(g.errorClassName(), out);
    Wire.writeString(g.errorMessage(), out);
    CodeExecutions runs = g.codeExecutions();
    Wire.writeInt(runs == null ? 0 : 1, out);
    if (runs != null) {
      Wire.writeStrings(runs.statuses(), out);
      Wire.writeLong(runs.millis(), out);
    }
  }

  @Override
  public Generation decode(InputStream in) throws IOException {
    return new Generation(
        SampleRequestCoder.of().decode(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readLong(in),
        Wire.readString(in),
        Wire.readInt(in),
        ErrorClass.ofName(Wire.readString(in)),
        Wire.readString(in),
        readCodeExecutions(in));
  }

  private static CodeExecutions readCodeExecutions(InputStream in) throws IOException {
    if (Wire.readInt(in) == 0) {
      return null;
    }
    List<String> statuses = Wire.readStrings(in);
    return new CodeExecutions(statuses, Wire.readLong(in));
  }

  @Override
  public void verifyDeterministic() {}
}
