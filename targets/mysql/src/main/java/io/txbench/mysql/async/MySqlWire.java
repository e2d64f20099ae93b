package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.txbench.jdbc.async.Answered;
import io.txbench.jdbc.client.SqlAnswer;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One open connection speaking MySQL's protocol itself, on one of the run's event loops ({@link
 * MySqlHandshake} opens it). Statements are prepared once (COM_STMT_PREPARE) and executed by id
 * (COM_STMT_EXECUTE) with their parameters in the binary protocol; a transaction's BEGIN, COMMIT
 * and ROLLBACK go as text (COM_QUERY). Of the rows that come back only what the step reads is
 * decoded ({@link MySqlReply}). Answers come in the order the requests went, so several may be in
 * flight. The requests and their answers are handled on the connection's event loop; a request made
 * on another thread is handed to it.
 */
final class MySqlWire extends ByteToMessageDecoder {
  private static final int COM_QUIT = 0x01;
  private static final int COM_QUERY = 0x03;
  private static final int COM_PING = 0x0E;
  private static final int COM_STMT_PREPARE = 0x16;
  private static final int COM_STMT_EXECUTE = 0x17;

  private final Channel channel;
  private final boolean deprecateEof;
  private final ArrayDeque<MySqlReply> replies = new ArrayDeque<>(); // on the event loop only
  private final MySqlColumns columns = new MySqlColumns(); // the result set being read
  private int[] statementIds = new int[0];
  private int[] parameterCounts = new int[0];
  private volatile boolean open = true;
  private @Nullable SQLException farewell; // an error the server sent unasked, then closed

  MySqlWire(Channel channel, boolean deprecateEof) {
    this.channel = channel;
    this.deprecateEof = deprecateEof;
  }

  /** Whether the connection is still open: not closed, nor lost. */
  boolean isOpen() {
    return open && channel.isActive();
  }

  /**
   * Prepares each of {@code statements}, one after the other (a tool that reads the connection's
   * bytes, such as the tests' fault proxy, sees one request and its answer at a time); {@code then}
   * has the last one's answer, or the first failure.
   */
  void prepare(List<String> statements, Answered then) {
    statementIds = new int[statements.size()];
    parameterCounts = new int[statements.size()];
    prepareFrom(statements, 0, then);
  }

  private void prepareFrom(List<String> statements, int index, Answered then) {
    if (index == statements.size()) {
      then.answered(SqlAnswer.changed(0), null);
      return;
    }
    MySqlReply reply =
        MySqlReply.prepare(
            deprecateEof,
            (id, parameters) -> {
              statementIds[index] = id;
              parameterCounts[index] = parameters;
            },
            (answer, failure) -> {
              if (failure != null) {
                then.answered(null, failure);
              } else {
                prepareFrom(statements, index + 1, then);
              }
            });
    request(
        reply,
        null,
        out -> {
          int at = MySqlPackets.begin(out, 0);
          out.writeByte(COM_STMT_PREPARE);
          out.writeCharSequence(statements.get(index), java.nio.charset.StandardCharsets.UTF_8);
          MySqlPackets.end(out, at);
        });
  }

  /**
   * Executes the statement prepared at {@code index} with {@code parameters}, behind {@code begin}
   * as a text query (a transaction's BEGIN) if any, in one write. The answer holds the first row's
   * {@code numbers} leading columns, or the id the server generated if {@code insertId} and it
   * returned no rows; and the first row's columns by name if {@code byName}.
   */
  void execute(
      @Nullable String begin,
      int index,
      List<Object> parameters,
      int numbers,
      boolean byName,
      boolean insertId,
      Answered then) {
    if (parameters.size() != parameterCounts[index]) {
      then.answered(
          null,
          new SQLException(
              parameters.size() + " parameters for a statement of " + parameterCounts[index],
              "07001"));
      return;
    }
    MySqlReply reply = MySqlReply.rows(deprecateEof, true, numbers, byName, insertId, then);
    Encoder execute =
        out -> {
          int at = MySqlPackets.begin(out, 0);
          out.writeByte(COM_STMT_EXECUTE);
          out.writeIntLE(statementIds[index]);
          out.writeByte(0); // no cursor
          out.writeIntLE(1); // one iteration
          int count = parameters.size();
          if (count > 0) {
            out.writeZero((count + 7) / 8); // never null: SqlStatement copies them with List.copyOf
            out.writeByte(1); // their types follow
            for (Object value : parameters) {
              out.writeShortLE(MySqlValues.type(value));
            }
            for (Object value : parameters) {
              MySqlValues.write(out, value);
            }
          }
          MySqlPackets.end(out, at);
        };
    if (begin == null) {
      request(reply, null, execute);
      return;
    }
    MySqlReply began =
        MySqlReply.rows(
            deprecateEof,
            false,
            0,
            false,
            false,
            (answer, failure) -> {
              if (failure != null) {
                reply.failBefore(failure);
              }
            });
    request(
        began,
        reply,
        out -> {
          query(out, begin);
          execute.write(out);
        });
  }

  /** Sends {@code sql} as a text query (BEGIN, COMMIT, SET); its first row's first number. */
  void query(String sql, Answered then) {
    request(
        MySqlReply.rows(deprecateEof, false, 1, false, false, then), null, out -> query(out, sql));
  }

  private static void query(ByteBuf out, String sql) {
    int at = MySqlPackets.begin(out, 0);
    out.writeByte(COM_QUERY);
    out.writeCharSequence(sql, java.nio.charset.StandardCharsets.UTF_8);
    MySqlPackets.end(out, at);
  }

  /** A round trip that runs no statement (COM_PING). */
  void ping(Answered then) {
    request(
        MySqlReply.rows(deprecateEof, false, 0, false, false, then),
        null,
        out -> {
          int at = MySqlPackets.begin(out, 0);
          out.writeByte(COM_PING);
          MySqlPackets.end(out, at);
        });
  }

  private interface Encoder {
    void write(ByteBuf out);
  }

  /** Sends what {@code encoder} writes, whose answers {@code reply} and {@code next} read. */
  private void request(MySqlReply reply, @Nullable MySqlReply next, Encoder encoder) {
    if (!channel.eventLoop().inEventLoop()) {
      channel.eventLoop().execute(() -> request(reply, next, encoder));
      return;
    }
    if (!isOpen()) {
      reply.lost(lost());
      if (next != null) {
        next.lost(lost());
      }
      return;
    }
    ByteBuf out = channel.alloc().ioBuffer(128);
    try {
      encoder.write(out);
    } catch (RuntimeException e) { // a statement of 16 MiB or more
      out.release();
      SQLException refused = new SQLException(e.getMessage(), "22001", e);
      reply.lost(refused);
      if (next != null) {
        next.lost(refused);
      }
      return;
    }
    replies.add(reply);
    if (next != null) {
      replies.add(next);
    }
    // A write that fails closes the channel (exceptionCaught), as CLOSE_ON_FAILURE would, without a
    // promise a request.
    var unused = channel.writeAndFlush(out, channel.voidPromise());
  }

  private SQLException lost() {
    SQLException said = farewell;
    return said != null
        ? said
        : new SQLException("connection lost: the server closed it", MySqlPackets.CONNECTION_LOST);
  }

  /**
   * Reads each whole packet in what came, in place: no frame is cut out of the bytes and handed on,
   * which costs a buffer object and a reference count each. A payload of 16 MiB or more, which
   * comes in several packets, is joined first.
   */
  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (in.readableBytes() >= 4) {
      int start = in.readerIndex();
      int length = in.getUnsignedMediumLE(start);
      if (length == MySqlPackets.MAX_PAYLOAD) {
        ByteBuf joined = MySqlReply.joined(in, ctx.alloc());
        if (joined == null) {
          return; // the rest of the payload has not come yet
        }
        try {
          read(joined, joined.writerIndex());
        } finally {
          joined.release();
        }
        continue;
      }
      int end = start + 4 + length;
      if (in.writerIndex() < end) {
        return; // the rest of the packet has not come yet
      }
      in.skipBytes(4);
      try {
        read(in, end);
      } finally {
        in.readerIndex(end);
      }
    }
  }

  private void read(ByteBuf in, int end) {
    MySqlReply reply = replies.peek();
    if (reply == null) {
      if (in.readableBytes() > 0 && in.getUnsignedByte(in.readerIndex()) == MySqlPackets.ERR) {
        farewell = MySqlPackets.error(in, end); // why the server ends the session
      }
      return;
    }
    if (reply.read(in, end, columns)) {
      replies.poll();
      reply.deliver();
      if (reply.breaks()) {
        var unused = channel.close();
      }
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    open = false;
    for (MySqlReply reply = replies.poll(); reply != null; reply = replies.poll()) {
      reply.lost(lost());
    }
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    var unused =
        ctx.close(); // a reset, a TLS failure: the requests in flight fail as the channel goes
  }

  /** Ends the session (COM_QUIT) and closes the connection; its requests in flight fail. */
  void close() {
    open = false;
    if (channel.isActive()) {
      ByteBuf out = channel.alloc().ioBuffer(5);
      int at = MySqlPackets.begin(out, 0);
      out.writeByte(COM_QUIT);
      MySqlPackets.end(out, at);
      channel.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
    }
  }
}
