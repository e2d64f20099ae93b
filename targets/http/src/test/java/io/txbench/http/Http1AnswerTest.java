package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The framing of answers as servers send them, each fed whole and cut at every byte (the way TCP
 * may deliver it): what the answer says, and where the next one starts.
 */
class Http1AnswerTest {
  private static final String NEXT = "HTTP/1.1 204 No Content\r\n\r\n";

  /** What reading {@code bytes} found: the status, keep-alive, the body, what was left after. */
  private record Read(int status, boolean keepAlive, String body, String rest) {}

  /** Reads one answer from {@code text}, given in two parts cut at {@code cut}. */
  private static Read read(String text, int cut, boolean head, boolean keep) {
    Http1Answer answer = new Http1Answer();
    answer.expect(head, keep);
    byte[] all = text.getBytes(StandardCharsets.ISO_8859_1);
    ByteBuf in = Unpooled.buffer();
    in.writeBytes(all, 0, cut);
    boolean whole = answer.read(in, UnpooledByteBufAllocator.DEFAULT);
    in.discardReadBytes();
    in.writeBytes(all, cut, all.length - cut); // what came after: the rest, if it was whole
    if (!whole) {
      whole = answer.read(in, UnpooledByteBufAllocator.DEFAULT);
    }
    if (!whole && answer.endsAtClose()) {
      answer.closed();
      whole = true;
    }
    assertTrue(whole, "not whole: " + text);
    return new Read(
        answer.status(),
        answer.keepAlive(),
        answer.bodyText(),
        in.toString(StandardCharsets.ISO_8859_1));
  }

  /** {@code text} read cut at each of its bytes, always to {@code expected}. */
  private static void readsAs(String text, boolean head, Read expected) {
    for (int cut = 0; cut <= text.length(); cut++) {
      assertEquals(expected, read(text, cut, head, true), "cut at " + cut + " of " + text);
    }
  }

  @Test
  void nginxsAnswerWithALength() {
    readsAs(
        "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nDate: Tue, 01 Dec 2026 01:00:00 GMT\r\n"
            + "Content-Type: text/plain\r\nContent-Length: 5\r\nLast-Modified: x\r\n"
            + "Connection: keep-alive\r\nETag: \"1\"\r\nAccept-Ranges: bytes\r\n\r\nhello"
            + NEXT,
        false,
        new Read(200, true, "hello", NEXT));
  }

  @Test
  void chunkedWithExtensionsAndTrailers() {
    readsAs(
        "HTTP/1.1 201 Created\r\ntransfer-encoding: gzip, Chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n1\r\n \r\n0\r\nX-Trailer: 1\r\n\r\n"
            + NEXT,
        false,
        new Read(201, true, "hello ", NEXT));
  }

  @Test
  void http10ClosesUnlessItSaysKeepAlive() {
    readsAs(
        "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", false, new Read(200, false, "ok", ""));
    readsAs(
        "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok",
        false,
        new Read(200, true, "ok", ""));
    readsAs(
        "HTTP/1.1 503 Busy\r\nConnection: foo, close\r\nContent-Length: 0\r\n\r\n",
        false,
        new Read(503, false, "", ""));
  }

  @Test
  void aBodyWithoutALengthEndsWithTheConnection() {
    // Python's http.server: HTTP/1.0, no Content-Length for some answers, then the close.
    readsAs(
        "HTTP/1.0 200 OK\nServer: SimpleHTTP/0.6 Python/3.11\n\n<html>all of it</html>",
        false,
        new Read(200, false, "<html>all of it</html>", ""));
  }

  @Test
  void answersWithoutABody() {
    readsAs(
        "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + NEXT,
        true,
        new Read(200, true, "", NEXT));
    readsAs(
        "HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n" + NEXT,
        false,
        new Read(304, true, "", NEXT));
    readsAs(
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
        false,
        new Read(200, true, "x", ""));
  }

  @Test
  void aBodyNotKeptIsSkipped() {
    Read read = read("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc" + NEXT, 20, false, false);
    assertEquals(new Read(200, true, "", NEXT), read);
  }

  @Test
  void whatIsNoHttpAnswerIsRefused() {
    for (String bad :
        new String[] {
          "SSH-2.0-OpenSSH_9.2\r\n\r\n",
          "HTTP/1.1 2x0 OK\r\n\r\n",
          "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
          "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
          "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
          "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
          "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n",
        }) {
      assertThrows(DecoderException.class, () -> read(bad, bad.length(), false, true), bad);
    }
  }

  @Test
  void aHeadWithoutItsEndIsAwaitedThenRefusedPastItsLimit() {
    Http1Answer answer = new Http1Answer();
    answer.expect(false, false);
    ByteBuf in = Unpooled.buffer();
    in.writeCharSequence("HTTP/1.1 200 OK\r\nX: ", StandardCharsets.US_ASCII);
    assertFalse(answer.read(in, UnpooledByteBufAllocator.DEFAULT));
    in.writeBytes(new byte[Http1Answer.MAX_HEAD + 1]);
    assertThrows(DecoderException.class, () -> answer.read(in, UnpooledByteBufAllocator.DEFAULT));
  }
}
