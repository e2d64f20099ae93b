package io.txbench.postgres.async;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.txbench.jdbc.async.Answered;
import io.txbench.jdbc.client.SqlAnswer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One open connection speaking PostgreSQL's protocol (version 3) itself, on one of the run's event
 * loops ({@link PgStartup} opens it). A statement prepared once by name is then sent as Bind,
 * Execute and Sync in one write, its parameters as text that the server reads as their types (as
 * pgbench and libpq send them), and its rows come back as text, of which only what the step reads
 * is decoded: the leading numbers of the first row, and its columns by name when asked. Answers
 * come in the order the requests went, so several may be in flight. The requests and their answers
 * are handled on the connection's event loop; a request made on another thread is handed to it.
 */
final class PgWire extends ByteToMessageDecoder {
  static final String CONNECTION_LOST = "08006";

  private static final Long[] NO_NUMBERS = new Long[0];

  /** A request sent and not yet answered: what it wants of the rows, and what came so far. */
  private static final class Reply {
    final int numbers;
    final boolean byName;
    final Answered then;
    long fetched;
    long tagged = -1;
    Long[] first = NO_NUMBERS;
    @Nullable List<String> names;
    Map<String, String> row = Map.of();
    @Nullable SQLException error;

    Reply(int numbers, boolean byName, Answered then) {
      this.numbers = numbers;
      this.byName = byName;
      this.then = then;
    }

    SqlAnswer answer() {
      return new SqlAnswer(tagged >= 0 ? tagged : fetched, List.of(first), row);
    }
  }

  private final Channel channel;
  private final ArrayDeque<Reply> replies = new ArrayDeque<>(); // on the event loop only
  private volatile boolean open = true;

  PgWire(Channel channel) {
    this.channel = channel;
  }

  /** Whether the connection is still open: not closed, nor lost. */
  boolean isOpen() {
    return open && channel.isActive();
  }

  /** Prepares each of {@code statements} under its name ({@code s1}, {@code s2}...), then Sync. */
  void prepare(List<String> statements, Answered then) {
    request(
        0,
        false,
        then,
        out -> {
          for (int i = 0; i < statements.size(); i++) {
            int at = PgMessages.begin(out, 'P');
            PgMessages.cString(out, name(i));
            PgMessages.cString(out, statements.get(i));
            out.writeShort(0); // the server infers every parameter's type
            PgMessages.end(out, at);
          }
          PgMessages.sync(out);
        });
  }

  /** The name the statement at {@code index} of {@link #prepare} has on the server. */
  static String name(int index) {
    return "s" + (index + 1);
  }

  /**
   * Executes the prepared statement {@code name} with {@code parameters}, behind the prepared
   * statement {@code begin} (a transaction's BEGIN) if any, before one Sync: should {@code begin}
   * fail, the server skips {@code name}. The answer holds the first row's {@code numbers} leading
   * columns, and its columns by name if {@code byName}.
   */
  void execute(
      @Nullable String begin,
      String name,
      List<Object> parameters,
      int numbers,
      boolean byName,
      Answered then) {
    request(
        numbers,
        byName,
        then,
        out -> {
          if (begin != null) {
            bindAndExecute(out, begin);
          }
          int at = PgMessages.begin(out, 'B');
          out.writeByte(0); // the unnamed portal
          PgMessages.cString(out, name);
          out.writeShort(0); // every parameter as text
          out.writeShort(parameters.size());
          for (Object value : parameters) { // never null: SqlStatement copies them with List.copyOf
            int length = out.writerIndex();
            out.writeInt(0);
            out.setInt(
                length, out.writeCharSequence(PgMessages.text(value), StandardCharsets.UTF_8));
          }
          out.writeShort(0); // every column as text
          PgMessages.end(out, at);
          if (byName) {
            at = PgMessages.begin(out, 'D');
            out.writeByte('P');
            out.writeByte(0);
            PgMessages.end(out, at);
          }
          at = PgMessages.begin(out, 'E');
          out.writeByte(0);
          out.writeInt(0); // every row
          PgMessages.end(out, at);
          PgMessages.sync(out);
        });
  }

  /** Bind and Execute of the prepared statement {@code name}, which takes no parameters. */
  private static void bindAndExecute(ByteBuf out, String name) {
    int at = PgMessages.begin(out, 'B');
    out.writeByte(0); // the unnamed portal
    PgMessages.cString(out, name);
    out.writeShort(0); // no parameter formats
    out.writeShort(0); // no parameters
    out.writeShort(0); // every column as text
    PgMessages.end(out, at);
    at = PgMessages.begin(out, 'E');
    out.writeByte(0);
    out.writeInt(0);
    PgMessages.end(out, at);
  }

  /** Sends {@code sql} as a simple query (BEGIN, COMMIT, a ping); its first row's first number. */
  void simple(String sql, Answered then) {
    request(
        1,
        false,
        then,
        out -> {
          int at = PgMessages.begin(out, 'Q');
          PgMessages.cString(out, sql);
          PgMessages.end(out, at);
        });
  }

  private interface Encoder {
    void write(ByteBuf out);
  }

  private void request(int numbers, boolean byName, Answered then, Encoder encoder) {
    if (!channel.eventLoop().inEventLoop()) {
      channel.eventLoop().execute(() -> request(numbers, byName, then, encoder));
      return;
    }
    if (!isOpen()) {
      then.answered(null, new SQLException("connection lost: closed", CONNECTION_LOST));
      return;
    }
    ByteBuf out = channel.alloc().ioBuffer(128);
    encoder.write(out);
    replies.add(new Reply(numbers, byName, then));
    // A write that fails closes the channel (exceptionCaught), as CLOSE_ON_FAILURE would, without a
    // promise a request.
    var unused = channel.writeAndFlush(out, channel.voidPromise());
  }

  /**
   * Reads each whole message in what came, in place: no frame is cut out of the bytes and handed
   * on, which costs a buffer object and a reference count each.
   */
  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (in.readableBytes() >= 5) {
      int start = in.readerIndex();
      int end = start + 1 + in.getInt(start + 1);
      if (in.writerIndex() < end) {
        return; // the rest of the message has not come yet
      }
      byte type = in.readByte();
      in.skipBytes(4);
      try {
        read(type, in);
      } finally {
        in.readerIndex(end);
      }
    }
  }

  private void read(byte type, ByteBuf in) {
    Reply reply = replies.peek();
    if (reply == null) {
      return; // a notice, a parameter's new value, or the error that ends the session
    }
    switch (type) {
      case 'T' -> {
        if (reply.byName) {
          reply.names = columnNames(in);
        }
      }
      case 'D' -> {
        if (reply.fetched++ == 0 && (reply.numbers > 0 || reply.names != null)) {
          firstRow(reply, in); // nothing to read for most statements: no objects a row
        }
      }
      case 'C' -> reply.tagged = PgMessages.tagged(in);
      case 'E' -> {
        if (reply.error == null) {
          reply.error = PgMessages.error(in);
        }
      }
      case 'Z' -> {
        replies.poll();
        if (reply.error != null) {
          reply.then.answered(null, reply.error);
        } else {
          reply.then.answered(reply.answer(), null);
        }
      }
      default -> {
        // ParseComplete, BindComplete, NoData, a notice...: nothing the answer holds
      }
    }
  }

  private static List<String> columnNames(ByteBuf in) {
    int count = in.readUnsignedShort();
    String[] names = new String[count];
    for (int i = 0; i < count; i++) {
      names[i] = PgMessages.cString(in);
      in.skipBytes(18); // table, column, type, size, modifier, format
    }
    return List.of(names);
  }

  private static void firstRow(Reply reply, ByteBuf in) {
    int count = in.readUnsignedShort();
    List<String> names = reply.names;
    Map<String, String> byName = names == null ? Map.of() : new HashMap<>();
    Long[] first = new Long[Math.min(reply.numbers, count)];
    for (int i = 0; i < count && (i < first.length || names != null); i++) {
      int length = in.readInt();
      String value =
          length < 0 ? null : in.readCharSequence(length, StandardCharsets.UTF_8).toString();
      if (i < first.length) {
        first[i] = PgMessages.number(value);
      }
      if (names != null && i < names.size()) {
        byName.put(names.get(i), value == null ? "" : value);
      }
    }
    reply.first = first;
    reply.row = byName;
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    open = false;
    for (Reply reply = replies.poll(); reply != null; reply = replies.poll()) {
      SQLException lost =
          reply.error != null
              ? reply.error // the server said why it ended the session (57P01...)
              : new SQLException("connection lost: the server closed it", CONNECTION_LOST);
      reply.then.answered(null, lost);
    }
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    var unused =
        ctx.close(); // a reset, a TLS failure: the requests in flight fail as the channel goes
  }

  /** Ends the session (Terminate) and closes the connection; its requests in flight fail. */
  void close() {
    open = false;
    if (channel.isActive()) {
      ByteBuf out = channel.alloc().ioBuffer(5);
      PgMessages.end(out, PgMessages.begin(out, 'X'));
      channel.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
    }
  }
}
