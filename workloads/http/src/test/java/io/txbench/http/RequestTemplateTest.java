package io.txbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

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
    assertEquals("https://api.example:8443/items/42?v=1", t.url().with(42));
    assertEquals(
        List.of("Content-Type=application/json", "X-Key=k42"),
        t.headers().stream().map(h -> h.name() + "=" + h.value().with(42)).toList());
    assertEquals("{\"id\": 42,\n \"n\": \"42\"}", t.body().with(42));
    assertFalse(t.safe());
  }

  @Test
  void aRequestLineWithoutUrlIsTheTargetsUrlAndAnAbsoluteOneStaysAsItIs() {
    assertEquals(
        "http://h:1/x/7", RequestTemplate.parse("GET", "f").on("http://h:1/x/{key}").url().with(7));
    assertEquals(
        "http://other/y",
        RequestTemplate.parse("DELETE http://other/y", "f").on("http://h:1/").url().with(7));
    assertTrue(RequestTemplate.parse("HEAD /", "f").safe());
    assertEquals("", RequestTemplate.get("http://h/").body().with(1));
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

  @Test
  void aUrlMustBeHttpWithAServerAndCarriesNoPassword() {
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
}
