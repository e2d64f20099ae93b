package io.txbench.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;

/**
 * What every self-contained page of txbench's is made of, the report's and history's: uPlot's
 * script and style from its WebJar, txbench's own from the class path, all inlined so that the page
 * works offline, data as JSON in a script element, and the Content-Security-Policy that lets the
 * page fetch nothing at all.
 */
public final class PageAssets {
  /** No request of any kind; only the page's own inline script and style, and data: images. */
  public static final String POLICY =
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

  /**
   * A live page's ({@code txbench --live}): the same, and requests back to the server that served
   * it, for the figures of the run under way.
   */
  public static final String LIVE_POLICY = POLICY + "; connect-src 'self'";

  private static final ObjectMapper JSON = new ObjectMapper();

  private PageAssets() {}

  /**
   * A page's start, up to and with its heading {@code title}: the Content-Security-Policy {@code
   * policy} ({@link #POLICY}, or {@link #LIVE_POLICY}), uPlot's style and then the {@code styles},
   * resources of the class path.
   */
  public static StringBuilder start(String policy, String title, String... styles) {
    StringBuilder html = new StringBuilder(1 << 17);
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(policy)
        .append("\"/>\n<title>")
        .append(HtmlReport.escape(title))
        .append("</title>\n<style>\n")
        .append(inline(uplot("uPlot.min.css"), "style"));
    for (String style : styles) {
      html.append('\n').append(inline(resource(style), "style"));
    }
    return html.append("</style>\n</head>\n<body>\n<h1>")
        .append(HtmlReport.escape(title))
        .append("</h1>\n");
  }

  /**
   * {@code html} ended and as a string: {@code json} (from {@link #scriptJson}) in a JSON script
   * element of id {@code dataId}, uPlot's script, then the {@code scripts} resources, the first of
   * which draws it.
   */
  public static String end(StringBuilder html, String dataId, String json, String... scripts) {
    html.append("<noscript><p>The charts need JavaScript.</p></noscript>\n")
        .append("<script type=\"application/json\" id=\"")
        .append(dataId)
        .append("\">")
        .append(json)
        .append("</script>\n<script>\n")
        .append(inline(uplot("uPlot.iife.min.js"), "script"))
        .append("\n</script>\n");
    for (String script : scripts) {
      html.append("<script>\n").append(inline(resource(script), "script")).append("</script>\n");
    }
    return html.append("</body>\n</html>\n").toString();
  }

  /** {@code text}, which must not end its element early, to be put inside a {@code tag}. */
  private static String inline(String text, String tag) {
    if (text.toLowerCase(Locale.ROOT).contains("</" + tag)) {
      throw new IllegalStateException("an inlined " + tag + " would end its element");
    }
    return text;
  }

  /** A file of uPlot's WebJar, of the version on the class path. */
  private static String uplot(String file) {
    Properties pom = new Properties();
    try (InputStream in =
        PageAssets.class.getResourceAsStream(
            "/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("uPlot's WebJar is not on the class path");
      }
      pom.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return resource(
        String.format("/META-INF/resources/webjars/uplot/%s/dist/", pom.getProperty("version"))
            + file);
  }

  /** A text file of the class path, such as {@code /io/txbench/report/report.js}. */
  private static String resource(String name) {
    try (InputStream in = PageAssets.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code data} as JSON that is safe inside a script element: no {@code <}, {@code >} or {@code &}
   * (each written as its \\u escape, which JSON reads back the same), so no text of a result file
   * can end the element or start a comment.
   */
  public static String scriptJson(Object data) {
    try {
      return JSON.writeValueAsString(data)
          .replace("<", "\\u003c")
          .replace(">", "\\u003e")
          .replace("&", "\\u0026");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a page's data cannot be written as JSON", e);
    }
  }
}
