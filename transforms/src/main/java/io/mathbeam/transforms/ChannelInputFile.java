package io.mathbeam.transforms;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A Parquet {@link InputFile} over any Beam file system that offers seekable channels. */
final class ChannelInputFile implements InputFile {
  private final MatchResult.Metadata file;

  ChannelInputFile(MatchResult.Metadata file) {
    this.file = file;
  }

  @Override
  public long getLength() {
    return file.sizeBytes();
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    if (!(FileSystems.open(file.resourceId()) instanceof SeekableByteChannel channel)) {
      throw new IOException(file.resourceId() + " does not support seeking; cannot read Parquet");
    }
    return new ChannelStream(channel);
  }

  private static final class ChannelStream extends SeekableInputStream {
    private final SeekableByteChannel channel;

    ChannelStream(SeekableByteChannel channel) {
      this.channel = channel;
    }

    @Override
    public long getPos() throws IOException {
      return channel.position();
    }

    @Override
    public void seek(long position) throws IOException {
      channel.position(position);
    }

    @Override
    public int read() throws IOException {
      ByteBuffer one = ByteBuffer.allocate(1);
      return channel.read(one) <= 0 ? -1 : one.get(0) & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      return channel.read(ByteBuffer.wrap(bytes, offset, length));
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(ByteBuffer.wrap(bytes));
    }

    @Override
    public void readFully(byte[] bytes, int offset, int length) throws IOException {
      readFully(ByteBuffer.wrap(bytes, offset, length));
    }

    @Override
    public int read(ByteBuffer buffer) throws IOException {
      return channel.read(buffer);
    }

    @Override
    public void readFully(ByteBuffer buffer) throws IOException {
      while (buffer.hasRemaining()) {
        if (channel.read(buffer) < 0) {
          throw new EOFException("unexpected end of Parquet file");
        }
      }
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
