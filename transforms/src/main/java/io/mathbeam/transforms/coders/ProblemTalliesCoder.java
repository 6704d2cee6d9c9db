package io.mathbeam.transforms.coders;

import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link ProblemTallies}: the count, then each problem's tally. */
public final class ProblemTalliesCoder extends AtomicCoder<ProblemTallies> {
  private static final ProblemTalliesCoder INSTANCE = new ProblemTalliesCoder();

  public static ProblemTalliesCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(ProblemTallies tallies, OutputStream out) throws IOException {
    Wire.writeInt(tallies.tallies().size(), out);
    for (ProblemTally t : tallies.tallies()) {
      ProblemTallyCoder.of().encode(t, out);
    }
  }

  @Override
  public ProblemTallies decode(InputStream in) throws IOException {
    int size = Wire.readInt(in);
    ProblemTallies tallies = new ProblemTallies();
    for (int i = 0; i < size; i++) {
      tallies.add(ProblemTallyCoder.of().decode(in));
    }
    return tallies;
  }
}
