package io.mathbeam.transforms;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import org.apache.beam.sdk.io.FileSystems;

/**
 * Reads cache lines back by {@link CacheLinePointer}, keeping one file open at a time: callers read
 * a batch of pointers sorted by file and offset, so each file is opened once and read forward.
 */
final class CacheLineReader implements AutoCloseable {
  private String file;
  private SeekableByteChannel channel;

  String read(CacheLinePointer pointer) throws IOException {
    if (!pointer.file().equals(file)) {
      close();
      channel = open(pointer.file());
      file = pointer.file();
    }
    channel.position(pointer.offset());
    ByteBuffer bytes = ByteBuffer.allocate(pointer.length());
    while (bytes.hasRemaining()) {
      if (channel.read(bytes) < 0) {
        throw new EOFException(pointer + " lies past the end of the file");
      }
    }
    return new String(bytes.array(), StandardCharsets.UTF_8);
  }

  private static SeekableByteChannel open(String file) throws IOException {
    ReadableByteChannel opened = FileSystems.open(FileSystems.matchNewResource(file, false));
    if (!(opened instanceof SeekableByteChannel seekable)) {
      opened.close();
      throw new IOException(file + " does not support seeking; cannot read cache lines by offset");
    }
    return seekable;
  }

  @Override
  public void close() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
      file = null;
    }
  }
}
