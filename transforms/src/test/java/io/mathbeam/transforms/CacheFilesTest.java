package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.io.FileSystems;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class CacheFilesTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static String record(String key, String text) {
    return "{\"key\":\"" + key + "\",\"text\":\"" + text + "\"}";
  }

  @Test
  public void pointersAreByteOffsetsOfCompleteLinesAndReadBackTheSameText() throws IOException {
    List<String> complete =
        List.of(
            record("k1", "\u2211 \u00e9 \ud83d\ude00"),
            record("k2", "after a CRLF"),
            record("k3", "\u4e2d".repeat(40_000)),
            record("k4", "last line, complete without its newline"));
    String content =
        complete.get(0)
            + "\n"
            + "{\"key\":\"broken\n"
            + complete.get(1)
            + "\r\n"
            + "\n"
            + complete.get(2)
            + "\n"
            + complete.get(3);
    Path file = tmp.newFile("a.jsonl").toPath();
    Files.write(file, content.getBytes(StandardCharsets.UTF_8));

    List<String> keys = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    List<CacheLinePointer> pointers = new ArrayList<>();
    CacheFiles.scan(
        FileSystems.matchNewResource(file.toString(), false),
        (key, line, offset, length) -> {
          keys.add(key);
          lines.add(CacheFiles.text(line, length));
          pointers.add(new CacheLinePointer(file.toString(), offset, length));
        });

    assertEquals(List.of("k1", "k2", "k3", "k4"), keys);
    assertEquals(complete, lines);
    try (CacheLineReader reader = new CacheLineReader()) {
      for (int i = 0; i < pointers.size(); i++) {
        assertEquals(complete.get(i), reader.read(pointers.get(i)));
      }
      // a second pass goes back to the start of the file
      assertEquals(complete.get(0), reader.read(pointers.get(0)));
    }
    assertEquals(
        content
            .substring(0, content.indexOf(complete.get(1)))
            .getBytes(StandardCharsets.UTF_8)
            .length,
        pointers.get(1).offset());
  }

  @Test
  public void aLineCutShortAtTheEndOfAFileIsNeverPointedTo() throws IOException {
    String whole = record("k", "\u2211 \u00e9 \ud83d\ude00");
    byte[] bytes = (whole + "\n").getBytes(StandardCharsets.UTF_8);
    Path file = tmp.newFile("cut.jsonl").toPath();
    for (int cut = 0; cut < bytes.length; cut++) {
      Files.write(file, Arrays.copyOf(bytes, cut));
      List<Long> offsets = new ArrayList<>();
      CacheFiles.scan(
          FileSystems.matchNewResource(file.toString(), false),
          (key, line, offset, length) -> offsets.add(offset));
      // only the whole record, whether or not its newline was written
      assertEquals("cut at " + cut, cut >= bytes.length - 1 ? List.of(0L) : List.of(), offsets);
    }
  }
}
