package io.txbench.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP/1.x answer read from a connection's bytes in place, as RFC 9112 frames it: its status,
 * whether the connection stays open after it, and its body, kept only when asked. Of its header
 * fields only {@code Content-Length}, {@code Transfer-Encoding} and {@code Connection} are read,
 * without an object or a string for any field: Netty's decoder made both for each of nginx's eight
 * fields, 1.5 µs a request at 8 connections, where wrk spends 10 µs on the whole request (bench
 * 33).
 */
final class Http1Answer {
  /** The longest status line, header section or chunk line taken: the rest is no HTTP answer. */
  static final int MAX_HEAD = 64 * 1024;

  private enum Part {
    STATUS,
    FIELDS,
    BODY,
    CHUNK_SIZE,
    CHUNK,
    CHUNK_END,
    TRAILERS,
    UNTIL_CLOSE,
    DONE
  }

  private Part part = Part.DONE;
  private boolean head;
  private boolean keep;
  private int status;
  private boolean keepAlive;
  private long length;
  private boolean chunked;
  private boolean delimited;
  private long left;
  private int headBytes;
  private @Nullable CompositeByteBuf body;

  /** Expects the answer to the request just sent: a HEAD's when {@code head}; its body kept if. */
  void expect(boolean head, boolean keep) {
    this.head = head;
    this.keep = keep;
    release();
    startAnswer();
  }

  private void startAnswer() {
    part = Part.STATUS;
    status = 0;
    keepAlive = true;
    length = -1;
    chunked = false;
    delimited = false;
    headBytes = 0;
  }

  int status() {
    return status;
  }

  /** Whether the connection may carry the next request. */
  boolean keepAlive() {
    return keepAlive;
  }

  /** Whether the body ends only when the server closes the connection. */
  boolean endsAtClose() {
    return part == Part.UNTIL_CLOSE;
  }

  /**
   * Reads what {@code in} holds of the answer, leaving its reader index after what it read: true
   * once the answer is whole.
   *
   * @throws DecoderException for bytes that are no HTTP/1 answer
   */
  boolean read(ByteBuf in, ByteBufAllocator alloc) {
    while (true) {
      switch (part) {
        case STATUS, FIELDS, CHUNK_SIZE, CHUNK_END, TRAILERS -> {
          int lf = in.forEachByte(ByteProcessor.FIND_LF);
          if (lf < 0) {
            if (in.readableBytes() > MAX_HEAD) {
              throw new DecoderException("an answer's line longer than " + MAX_HEAD + " bytes");
            }
            return false;
          }
          int start = in.readerIndex();
          int end = lf > start && in.getByte(lf - 1) == '\r' ? lf - 1 : lf;
          in.readerIndex(lf + 1);
          line(in, start, end);
        }
        case BODY, CHUNK, UNTIL_CLOSE -> {
          int n =
              (int) Math.min(in.readableBytes(), part == Part.UNTIL_CLOSE ? Long.MAX_VALUE : left);
          if (n == 0) {
            return false;
          }
          if (keep) {
            CompositeByteBuf kept = body == null ? alloc.compositeBuffer() : body;
            body = kept.addComponent(true, in.readRetainedSlice(n));
          } else {
            in.skipBytes(n);
          }
          left -= n;
          if (part != Part.UNTIL_CLOSE && left == 0) {
            part = part == Part.BODY ? Part.DONE : Part.CHUNK_END;
          }
        }
        case DONE -> {
          return true;
        }
      }
      if (part == Part.DONE) {
        return true;
      }
    }
  }

  /** One line, from {@code start} to {@code end} (its CR LF left out), of the part being read. */
  private void line(ByteBuf in, int start, int end) {
    if (part == Part.STATUS || part == Part.FIELDS || part == Part.TRAILERS) {
      headBytes += end - start + 2;
      if (headBytes > MAX_HEAD) {
        throw new DecoderException("an answer's head longer than " + MAX_HEAD + " bytes");
      }
    }
    switch (part) {
      case STATUS -> statusLine(in, start, end);
      case FIELDS -> {
        if (start == end) {
          bodyStarts();
        } else {
          field(in, start, end);
        }
      }
      case CHUNK_SIZE -> {
        left = chunkSize(in, start, end);
        part = left == 0 ? Part.TRAILERS : Part.CHUNK;
      }
      case CHUNK_END -> {
        if (start != end) {
          throw new DecoderException("a chunk not followed by its line end");
        }
        part = Part.CHUNK_SIZE;
      }
      case TRAILERS -> {
        if (start == end) {
          part = Part.DONE;
        }
      }
      default -> throw new IllegalStateException("a line in " + part);
    }
  }

  private void statusLine(ByteBuf in, int start, int end) {
    if (start == end) {
      return; // a stray line end before the answer, which RFC 9112 lets a reader skip
    }
    // "HTTP/1.x NNN reason"
    if (end - start < 12
        || !named(in, start, start + 7, "http/1.")
        || in.getByte(start + 8) != ' ') {
      throw new DecoderException(
          "no HTTP/1 status line: "
              + in.toString(start, Math.min(end - start, 40), StandardCharsets.US_ASCII));
    }
    keepAlive = in.getByte(start + 7) != '0'; // HTTP/1.0 closes unless it says keep-alive
    int code = 0;
    for (int i = start + 9; i < start + 12; i++) {
      byte b = in.getByte(i);
      if (b < '0' || b > '9') {
        throw new DecoderException("a status that is no number");
      }
      code = code * 10 + b - '0';
    }
    status = code;
    part = Part.FIELDS;
  }

  private void field(ByteBuf in, int start, int end) {
    int colon = in.indexOf(start, end, (byte) ':');
    if (colon < 0) {
      if (in.getByte(start) == ' ' || in.getByte(start) == '\t') {
        return; // an obsolete folded line: a field txbench does not read goes on
      }
      throw new DecoderException("a header line without a colon");
    }
    int from = colon + 1;
    while (from < end && (in.getByte(from) == ' ' || in.getByte(from) == '\t')) {
      from++;
    }
    int to = end;
    while (to > from && (in.getByte(to - 1) == ' ' || in.getByte(to - 1) == '\t')) {
      to--;
    }
    if (named(in, start, colon, "content-length")) {
      long given = number(in, from, to);
      if (length >= 0 && length != given) {
        throw new DecoderException("two different Content-Length fields");
      }
      length = given;
    } else if (named(in, start, colon, "transfer-encoding")) {
      // The last coding frames the body: chunked, or what only the connection's close ends.
      chunked = endsWith(in, from, to, "chunked");
      delimited = !chunked;
    } else if (named(in, start, colon, "connection")) {
      if (contains(in, from, to, "close")) {
        keepAlive = false;
      } else if (contains(in, from, to, "keep-alive")) {
        keepAlive = true;
      }
    }
  }

  /** The headers ended: how the body is framed (RFC 9112, 6.3). */
  private void bodyStarts() {
    if (status >= 100 && status < 200 && status != 101) {
      startAnswer(); // 100 Continue, 103 Early Hints: the answer follows
    } else if (head || status == 204 || status == 304 || status == 101) {
      part = Part.DONE;
    } else if (chunked) {
      part = Part.CHUNK_SIZE;
    } else if (delimited || length < 0) {
      part = Part.UNTIL_CLOSE;
      keepAlive = false;
    } else {
      left = length;
      part = length == 0 ? Part.DONE : Part.BODY;
    }
  }

  /** The answer whose body the connection's close ended: whole now. */
  void closed() {
    if (part == Part.UNTIL_CLOSE) {
      part = Part.DONE;
    }
  }

  /** The kept body as text ("" when none was kept), the buffers it took released. */
  String bodyText() {
    CompositeByteBuf kept = body;
    body = null;
    if (kept == null) {
      return "";
    }
    try {
      return kept.toString(StandardCharsets.UTF_8);
    } finally {
      kept.release();
    }
  }

  /** Releases a body kept so far (an answer lost midway). */
  void release() {
    CompositeByteBuf kept = body;
    body = null;
    if (kept != null) {
      kept.release();
    }
  }

  private static boolean named(ByteBuf in, int start, int end, String name) {
    if (end - start != name.length()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      if (Character.toLowerCase((char) in.getByte(start + i)) != name.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static long number(ByteBuf in, int from, int to) {
    if (from == to || to - from > 18) {
      throw new DecoderException("a Content-Length that is no number");
    }
    long n = 0;
    for (int i = from; i < to; i++) {
      byte b = in.getByte(i);
      if (b < '0' || b > '9') {
        throw new DecoderException("a Content-Length that is no number");
      }
      n = n * 10 + b - '0';
    }
    return n;
  }

  private static long chunkSize(ByteBuf in, int start, int end) {
    long n = 0;
    int i = start;
    for (; i < end; i++) {
      int digit = Character.digit((char) in.getByte(i), 16);
      if (digit < 0) {
        break; // a chunk extension (";name=value") or white space follows
      }
      if (i - start >= 15) {
        throw new DecoderException("a chunk larger than txbench reads");
      }
      n = n * 16 + digit;
    }
    if (i == start) {
      throw new DecoderException("a chunk size that is no number");
    }
    return n;
  }

  private static boolean endsWith(ByteBuf in, int from, int to, String word) {
    return to - from >= word.length()
        && named(in, to - word.length(), to, word)
        && (to - from == word.length() || isSeparator(in.getByte(to - word.length() - 1)));
  }

  private static boolean contains(ByteBuf in, int from, int to, String token) {
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || in.getByte(i) == ',') {
        int a = start;
        int b = i;
        while (a < b && isSeparator(in.getByte(a))) {
          a++;
        }
        while (b > a && isSeparator(in.getByte(b - 1))) {
          b--;
        }
        if (named(in, a, b, token)) {
          return true;
        }
        start = i + 1;
      }
    }
    return false;
  }

  private static boolean isSeparator(byte b) {
    return b == ' ' || b == '\t' || b == ',';
  }
}
