package io.mathbeam.core.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Hex sha256 of files (as {@code sha256sum} prints it) and texts. */
public final class Sha256 {
  private Sha256() {}

  public static String of(Path file) throws IOException {
    MessageDigest digest = digest();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = in.read(buffer)) > 0) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** Of a text's UTF-8 bytes. */
  static String ofText(String text) {
    return HexFormat.of()
        .formatHex(digest().digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
