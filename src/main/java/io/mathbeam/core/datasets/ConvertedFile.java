package io.mathbeam.core.datasets;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

/**
 * A benchmark's converted rows written to a temporary file beside their final place (so that the
 * move into place is atomic), hashed while they are written.
 *
 * @param temporary the written file, not yet in place
 */
record ConvertedFile(Path temporary, long rows, String sha256) {

  static ConvertedFile write(Benchmark b, SourceRows in, Path target)
      throws IOException, BenchmarkFormatException {
    Path tmp = Files.createTempFile(target.getParent(), "." + b.stem() + "-", ".tmp");
    MessageDigest digest = Sha256.digest();
    long[] rows = {0};
    try (BufferedWriter out =
        new BufferedWriter(
            new OutputStreamWriter(
                new DigestOutputStream(Files.newOutputStream(tmp), digest),
                StandardCharsets.UTF_8))) {
      b.conversion()
          .convert(
              in,
              new RowSink() {
                @Override
                public void row(Map<String, Object> row) throws IOException {
                  jsonLine(PythonJson.line(row));
                }

                @Override
                public void jsonLine(String line) throws IOException {
                  out.write(line);
                  out.write('\n');
                  rows[0]++;
                }
              });
    } catch (IOException | BenchmarkFormatException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    return new ConvertedFile(tmp, rows[0], HexFormat.of().formatHex(digest.digest()));
  }
}
