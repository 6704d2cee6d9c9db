package io.mathbeam.transforms.coders;

import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** The wire form of an optional {@link CodeTask}, shared by the problem and request coders. */
final class CodeTaskWire {
  private CodeTaskWire() {}

  static void write(CodeTask task, OutputStream out) throws IOException {
    if (task == null) {
      Wire.writeInt(-1, out);
      return;
    }
    Wire.writeInt(task.kind().ordinal(), out);
    Wire.writeString(task.prefix(), out);
    Wire.writeString(task.entryPoint(), out);
    Wire.writeString(task.testSource(), out);
    Wire.writeInt(task.tests().size(), out);
    for (CodeTest t : task.tests()) {
      Wire.writeInt(t.type().ordinal(), out);
      Wire.writeString(t.input(), out);
      Wire.writeString(t.output(), out);
    }
  }

  static CodeTask read(InputStream in) throws IOException {
    int kind = Wire.readInt(in);
    if (kind < 0) {
      return null;
    }
    String prefix = Wire.readString(in);
    String entryPoint = Wire.readString(in);
    String testSource = Wire.readString(in);
    int n = Wire.readInt(in);
    List<CodeTest> tests = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      CodeTestType type = CodeTestType.values()[Wire.readInt(in)];
      String input = Wire.readString(in);
      tests.add(new CodeTest(input, Wire.readString(in), type));
    }
    return new CodeTask(CodeTaskKind.values()[kind], prefix, entryPoint, testSource, tests);
  }
}
