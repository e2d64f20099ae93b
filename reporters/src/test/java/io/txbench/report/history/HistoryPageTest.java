package io.txbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * history's trend page: well-formed, self-contained, one chart per series, the change point and the
 * regressed latest run marked in the series that has them, and only there.
 */
class HistoryPageTest {
  @TempDir Path dir;

  private static String text(Element e) {
    return e.getTextContent();
  }

  @Test
  void onePagewithOneChartPerSeriesAndTheRegressionMarked() throws Exception {
    HistoryFixture root = new HistoryFixture(dir.resolve("results"));
    root.nights("p8", 16, 1500, 12, 0.03, s -> {});
    root.nights("p32", 12, 3000, 20, 0.03, s -> s.put("parallelism", 32));
    for (int night = 12; night < 16; night++) {
      root.run("p32", night, 1800 + night, 20, s -> s.put("parallelism", 32));
    }
    RegressionRule rule = new RegressionRule(10, 0.10);
    List<SeriesVerdict> verdicts =
        HistoryRoot.read(List.of(root.root()), true, w -> {}).stream().map(rule::judge).toList();
    Path page = dir.resolve("history.html");
    HistoryPage.write(verdicts, ChangePoints.DEFAULT, page);

    String html = Files.readString(page);
    assertFalse(html.contains("http://www.w3.org/2000/svg\"") && html.contains("src=\"http"));
    assertFalse(html.contains("<script"), "no script");
    assertFalse(html.contains("<img"), "no external image");
    Document doc = parse(html);
    NodeList sections = doc.getElementsByTagName("section");
    assertEquals(2, sections.getLength());
    assertEquals(2, doc.getElementsByTagName("svg").getLength());
    for (int i = 0; i < sections.getLength(); i++) {
      Element section = (Element) sections.item(i);
      assertEquals(1, section.getElementsByTagName("svg").getLength());
      String content = text(section);
      if (content.contains("x32")) {
        assertTrue(content.contains("REGRESSION postgres airline x32"), content);
        assertTrue(content.contains("REGRESSION tps"), "the latest run is pointed out");
        assertTrue(content.contains("tps change"), "the change point is marked");
        assertTrue(
            content.contains("change points: tps before the run of 2026-01-13T02:00:00Z"), content);
      } else {
        assertTrue(content.contains("ok postgres airline x8"), content);
        assertFalse(content.contains("REGRESSION"), content);
        assertFalse(content.contains(" change"), content);
        assertTrue(content.contains("change points: tps none; p99 none"), content);
      }
    }
  }

  /** The page as XML: it must be well-formed to parse at all. */
  private static Document parse(String html) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    return factory
        .newDocumentBuilder()
        .parse(
            new java.io.ByteArrayInputStream(
                html.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }
}
