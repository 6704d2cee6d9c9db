package io.mathbeam.core.problems;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads a Python pickle that holds one {@code str} and nothing else, in Java: no interpreter, and
 * none of pickle's object-building opcodes is ever carried out. Unpickling data from the internet
 * in Python can run any code (a {@code GLOBAL} plus {@code REDUCE} calls any function), so this
 * reader accepts only the opcodes that {@code pickle.dumps(some_str)} writes with protocols 2 to 5
 * (names as in Python's {@code pickletools}): {@code PROTO}, {@code FRAME}, {@code
 * SHORT_BINUNICODE}, {@code BINUNICODE}, {@code BINUNICODE8}, the memo writes {@code MEMOIZE},
 * {@code BINPUT} and {@code LONG_BINPUT} (which only name the string; nothing reads the memo back),
 * and {@code STOP}. Any other opcode, a second object, bytes after {@code STOP} or text that is not
 * UTF-8 is refused with a {@link CodeFormatException} naming the opcode and its offset.
 */
final class PickledString {
  private static final int PROTO = 0x80;
  private static final int FRAME = 0x95;
  private static final int SHORT_BINUNICODE = 0x8c;
  private static final int BINUNICODE = 'X';
  private static final int BINUNICODE8 = 0x8d;
  private static final int MEMOIZE = 0x94;
  private static final int BINPUT = 'q';
  private static final int LONG_BINPUT = 'r';
  private static final int STOP = '.';
  private static final int HIGHEST_PROTOCOL = 5;

  /** Names of refused opcodes that an attacker would use, to make the error say what it saw. */
  private static final Map<Integer, String> REFUSED_NAMES =
      Map.ofEntries(
          Map.entry((int) 'c', "GLOBAL"),
          Map.entry(0x93, "STACK_GLOBAL"),
          Map.entry((int) 'R', "REDUCE"),
          Map.entry((int) 'b', "BUILD"),
          Map.entry((int) 'i', "INST"),
          Map.entry((int) 'o', "OBJ"),
          Map.entry(0x81, "NEWOBJ"),
          Map.entry(0x92, "NEWOBJ_EX"),
          Map.entry((int) '(', "MARK"),
          Map.entry((int) ']', "EMPTY_LIST"),
          Map.entry((int) '}', "EMPTY_DICT"),
          Map.entry((int) 'V', "UNICODE"),
          Map.entry((int) 'h', "BINGET"),
          Map.entry((int) 'C', "SHORT_BINBYTES"));

  private final byte[] bytes;
  private int pos;

  private PickledString(byte[] bytes) {
    this.bytes = bytes;
  }

  /** The string the pickle holds. */
  static String read(byte[] pickle) throws CodeFormatException {
    return new PickledString(pickle).readString();
  }

  private String readString() throws CodeFormatException {
    String value = null;
    while (true) {
      if (pos >= bytes.length) {
        throw new CodeFormatException("pickle ends without STOP at byte " + pos);
      }
      int at = pos;
      int op = bytes[pos++] & 0xff;
      switch (op) {
        case PROTO -> {
          int protocol = unsigned(1);
          if (at != 0 || protocol < 2 || protocol > HIGHEST_PROTOCOL) {
            throw new CodeFormatException(
                "pickle PROTO " + protocol + " at byte " + at + " is not a protocol 2-5 header");
          }
        }
        case FRAME -> unsigned(8); // a length hint for buffered readers; the bytes follow inline
        case SHORT_BINUNICODE -> value = only(value, text(unsigned(1)), at);
        case BINUNICODE -> value = only(value, text(unsigned(4)), at);
        case BINUNICODE8 -> value = only(value, text(unsigned(8)), at);
        case MEMOIZE -> {}
        case BINPUT -> unsigned(1);
        case LONG_BINPUT -> unsigned(4);
        case STOP -> {
          if (value == null) {
            throw new CodeFormatException("pickle holds no string before STOP at byte " + at);
          }
          if (pos != bytes.length) {
            throw new CodeFormatException(
                "pickle has " + (bytes.length - pos) + " byte(s) after STOP at byte " + at);
          }
          return value;
        }
        default -> throw refused(op, at);
      }
    }
  }

  private static String only(String previous, String value, int at) throws CodeFormatException {
    if (previous != null) {
      throw new CodeFormatException(
          "pickle holds a second object at byte " + at + "; only one string is accepted");
    }
    return value;
  }

  private static CodeFormatException refused(int op, int at) {
    String name = REFUSED_NAMES.getOrDefault(op, "an opcode");
    String shown = op >= 0x20 && op < 0x7f ? " '" + (char) op + "'" : "";
    return new CodeFormatException(
        String.format(
            "pickle opcode 0x%02x%s (%s) at byte %d refused: only a single pickled string is"
                + " accepted, and no pickle is ever executed",
            op, shown, name, at));
  }

  /** A little-endian unsigned integer of {@code width} bytes. */
  private long unsignedLong(int width) throws CodeFormatException {
    if (bytes.length - pos < width) {
      throw new CodeFormatException("pickle cut off at byte " + pos);
    }
    long v = 0;
    for (int k = width - 1; k >= 0; k--) {
      v = (v << 8) | (bytes[pos + k] & 0xff);
    }
    pos += width;
    if (v < 0) {
      throw new CodeFormatException("pickle length at byte " + (pos - width) + " is too large");
    }
    return v;
  }

  private int unsigned(int width) throws CodeFormatException {
    long v = unsignedLong(width);
    return v > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) v;
  }

  private String text(int length) throws CodeFormatException {
    if (length > bytes.length - pos) {
      throw new CodeFormatException(
          "pickle string of " + length + " bytes at byte " + pos + " runs past the end");
    }
    try {
      String s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes, pos, length))
              .toString();
      pos += length;
      return s;
    } catch (CharacterCodingException e) {
      throw new CodeFormatException("pickle string at byte " + pos + " is not UTF-8");
    }
  }
}
