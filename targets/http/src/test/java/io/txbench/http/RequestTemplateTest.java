package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The request file as a user writes it, and the statuses as --http-ok and --http-retry read. */
class RequestTemplateTest {

  @Test
  void aRequestFileIsItsMethodUrlHeadersAndBodyEachWithTheKeyFilledIn() {
    RequestTemplate t =
        RequestTemplate.parse(
                String.join(
                    "\r\n",
                    "# a comment",
                    "",
                    "PUT /items/{key}?v=1 HTTP/1.1",
                    "Content-Type: application/json",
                    "X-Key: k{key}",
                    "",
                    "{\"id\": {key},\n \"n\": \"{key}\"}\n"),
                "put.http")
            .on("https://api.example:8443/base/{key}");
    assertEquals("PUT", t.method());
    assertEquals("https://api.example:8443/items/42?v=1", with(t.url(), 42));
    assertEquals(
        List.of("Content-Type=application/json", "X-Key=k42"),
        t.headers().stream().map(h -> h.name() + "=" + with(h.value(), 42)).toList());
    assertEquals("{\"id\": 42,\n \"n\": \"42\"}", with(t.body(), 42));
    assertFalse(t.safe());
  }

  @Test
  void aRequestLineWithoutUrlIsTheTargetsUrlAndAnAbsoluteOneStaysAsItIs() {
    assertEquals(
        "http://h:1/x/7",
        with(RequestTemplate.parse("GET", "f").on("http://h:1/x/{key}").url(), 7));
    assertEquals(
        "http://other/y",
        with(RequestTemplate.parse("DELETE http://other/y", "f").on("http://h:1/").url(), 7));
    assertTrue(RequestTemplate.parse("HEAD /", "f").safe());
    assertEquals("", with(RequestTemplate.get("http://h/").body(), 1));
  }

  @Test
  void whatIsWrongWithAFileIsSaidWithItsLine() {
    assertEquals(
        "f, line 2, is no header (Name: value)",
        assertThrows(
                IllegalArgumentException.class,
                () -> RequestTemplate.parse("POST /\nno colon here\n\nbody", "f"))
            .getMessage());
    assertEquals(
        "f, line 1, is no request line (METHOD URL, as in POST /items/{key})",
        assertThrows(IllegalArgumentException.class, () -> RequestTemplate.parse("post /", "f"))
            .getMessage());
    assertEquals(
        "f, line 2, sets Content-Length, which txbench sets itself",
        assertThrows(
                IllegalArgumentException.class,
                () -> RequestTemplate.parse("POST /\nContent-Length: 3\n\nabc", "f"))
            .getMessage());
    assertEquals(
        "f holds no request: its first line is METHOD URL",
        assertThrows(IllegalArgumentException.class, () -> RequestTemplate.parse("# only\n", "f"))
            .getMessage());
    String unread =
        String.valueOf(
            assertThrows(
                    IllegalArgumentException.class, () -> RequestTemplate.read("/no/such.http"))
                .getMessage());
    assertTrue(unread.startsWith("cannot read the request file /no/such.http"), unread);
  }

  /** Each is refused with its line: sent, it would not be what the file says. */
  @Test
  void whatTxbenchCannotSendAsWrittenIsRefusedWithItsLine() {
    assertEquals(
        "f, line 2, sets Transfer-Encoding, which txbench sets itself",
        refused("POST /\nTransfer-Encoding: chunked\n\nabc"));
    assertEquals(
        "f, line 3, has a space in its URL ('/a b'): write it %20, or end the line with the"
            + " protocol (HTTP/1.1)",
        refused("# c\n\nGET /a b\n"));
    assertEquals("/a", with(RequestTemplate.parse("GET /a HTTP/1.1", "f").url(), 1));
    assertEquals(
        "f, line 1, has {key} in its server ('h{key}.example:80'): the key goes in the path, the"
            + " query, headers or the body; each worker keeps its connection to one server",
        refused("GET http://h{key}.example:80/x"));
    assertEquals(
        "f, line 1, has {key} in its server ('h:8{key}'): the key goes in the path, the query,"
            + " headers or the body; each worker keeps its connection to one server",
        refused("GET https://h:8{key}"));
  }

  private static String refused(String text) {
    return String.valueOf(
        assertThrows(IllegalArgumentException.class, () -> RequestTemplate.parse(text, "f"))
            .getMessage());
  }

  /** A file too large to be a request, or no file at all (a pipe, a device), is never read. */
  @Test
  @Timeout(60)
  void aRequestFileOverItsLimitOrNoRegularFileIsRefusedInOneLine(@TempDir Path dir)
      throws Exception {
    Path huge = dir.resolve("huge.http");
    try (RandomAccessFile sparse = new RandomAccessFile(huge.toFile(), "rw")) {
      sparse.setLength(3L << 30);
    }
    assertEquals(
        "the request file " + huge + " is over 1 MiB, the most a request file may hold",
        unread(huge.toString()));
    Path fifo = dir.resolve("fifo.http");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    for (String file : List.of(fifo.toString(), "/dev/zero")) {
      assertEquals(
          "cannot read the request file "
              + file
              + ": it is no regular file (a pipe, a device): a request file is a file of at most"
              + " 1 MiB",
          unread(file));
    }
    Path limit = dir.resolve("limit.http");
    Files.writeString(
        limit, "POST /\n\n" + "x".repeat(RequestTemplate.MAX_FILE_MIB * 1024 * 1024 - 8));
    assertEquals(1024 * 1024 - 8, with(RequestTemplate.read(limit.toString()).body(), 1).length());
  }

  private static String unread(String file) {
    return String.valueOf(
        assertThrows(IllegalArgumentException.class, () -> RequestTemplate.read(file))
            .getMessage());
  }

  @Test
  void aUrlMustBeHttpWithAServerAndCarriesNoPassword() {
    assertEquals(
        "'http://127.0.0.1:99999/' names port 99999: a TCP port is 1 to 65535",
        assertThrows(
                IllegalArgumentException.class,
                () -> RequestTemplate.checked("http://127.0.0.1:99999/"))
            .getMessage());
    assertEquals(
        "'http://{key}.h/' has {key} in its server: the key goes in the path or the query",
        assertThrows(
                IllegalArgumentException.class, () -> RequestTemplate.checked("http://{key}.h/"))
            .getMessage());
    assertEquals(
        "'ftp://h/' is no http:// or https:// URL",
        assertThrows(IllegalArgumentException.class, () -> RequestTemplate.checked("ftp://h/"))
            .getMessage());
    assertEquals(
        "'http:///x' names no server",
        assertThrows(IllegalArgumentException.class, () -> RequestTemplate.checked("http:///x"))
            .getMessage());
    String refused =
        String.valueOf(
            assertThrows(
                    IllegalArgumentException.class,
                    () -> RequestTemplate.checked("http://ann:s3cr3t@h/"))
                .getMessage());
    assertFalse(refused.contains("s3cr3t"), refused);
    assertEquals("http://h/{key}", RequestTemplate.checked("http://h/{key}"));
  }

  @Test
  void statusesAreCodesAndClassesOrNone() {
    StatusCodes ok = StatusCodes.parse(" 2xx, 304 ");
    assertTrue(ok.contains(200) && ok.contains(299) && ok.contains(304));
    assertFalse(ok.contains(300) || ok.contains(404) || ok.contains(199) || ok.contains(-1));
    assertFalse(StatusCodes.parse("none").contains(503));
    assertEquals("2xx, 304", ok.toString());
    assertEquals(
        "'6xx' is no HTTP status: give codes (100 to 599) or classes (2xx), separated by commas,"
            + " or none",
        assertThrows(IllegalArgumentException.class, () -> StatusCodes.parse("2xx,6xx"))
            .getMessage());
  }

  /** The text with {@code value} in each slot. */
  private static String with(SlottedText text, Object value) {
    return text.written().replace(String.valueOf(SlottedText.SLOT), String.valueOf(value));
  }
}
