package io.mathbeam.pipelines.eval;

import io.mathbeam.core.client.LengthPriors;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;

/**
 * Reads the completion lengths of an earlier run's samples ({@code RUN_DIR/samples/*.parquet}, only
 * the four columns it needs) into {@link LengthPriors} for {@code --lengthPriors}.
 */
final class EarlierRunLengths {
  private static final Schema LENGTHS =
      OutputSchemas.projection(
          OutputSchemas.SAMPLE,
          "data_source",
          "problem_id",
          "seed",
          "completion_tokens",
          "error_class");

  private EarlierRunLengths() {}

  /**
   * The priors of {@code runDir}'s successful samples; {@link LengthPriors#NONE} for none/empty.
   */
  static LengthPriors read(String runDir) {
    if (runDir == null || runDir.isBlank() || runDir.equals("none")) {
      return LengthPriors.NONE;
    }
    String root = runDir.replaceAll("/+$", "");
    LengthPriors.Builder priors = LengthPriors.builder();
    try {
      ParquetRecords.forEach(
          root + "/samples/*.parquet",
          LENGTHS,
          row -> {
            if (row.get("error_class") == null) {
              priors.add(
                  row.get("data_source") + "/" + row.get("problem_id"),
                  (Long) row.get("seed"),
                  (Integer) row.get("completion_tokens"));
            }
          });
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalArgumentException(
          "--lengthPriors: cannot read the samples of the run " + runDir + ": " + e.getMessage(),
          e);
    }
    LengthPriors built = priors.build();
    if (built.isEmpty()) {
      throw new IllegalArgumentException(
          "--lengthPriors: "
              + runDir
              + " holds no successful sample (expected a run directory"
              + " with samples/*.parquet)");
    }
    return built;
  }
}
