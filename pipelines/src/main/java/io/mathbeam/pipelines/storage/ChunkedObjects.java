package io.mathbeam.pipelines.storage;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Objects that an S3-compatible store kept in the {@code aws-chunked} encoding of their upload: the
 * body begins with a chunk header ({@code 1f4;chunk-signature=<64 hex>\r\n}) instead of the file.
 * Reading one fails at once with the cause, instead of a parse error on the header's bytes.
 */
final class ChunkedObjects {
  private static final Pattern CHUNK_HEADER =
      Pattern.compile("^[0-9a-fA-F]{1,16};chunk-signature=[0-9a-fA-F]{64}\r?\n");
  private static final int PEEK = 100;

  private ChunkedObjects() {}

  /** {@code in}, checked not to start with a chunk header; {@code location} names it. */
  static InputStream checked(InputStream in, String location) throws IOException {
    BufferedInputStream buffered = new BufferedInputStream(in);
    buffered.mark(PEEK);
    byte[] head = buffered.readNBytes(PEEK);
    buffered.reset();
    String start = new String(head, StandardCharsets.ISO_8859_1);
    if (CHUNK_HEADER.matcher(start).find()) {
      buffered.close();
      throw new IOException(
          location
              + " holds an upload still in the aws-chunked encoding (it starts with '"
              + start.substring(0, start.indexOf(';'))
              + ";chunk-signature=...'): the object store kept the chunk headers instead of"
              + " decoding them. Write to such a store with --s3ChunkedEncoding=false (the default"
              + " with --s3Endpoint), and write this file again.");
    }
    return buffered;
  }
}
