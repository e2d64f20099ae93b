package io.txbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.report.html.PageAssets;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * history's trend page without a browser: self-contained, one section a series with the regressed
 * first and the rest by target, workload and parallelism as a number; a short name that names only
 * what sets a series apart; the change point found, said and handed to the script; the charts' data
 * compact; no text of a summary read as markup. HistoryInBrowserIT sees it drawn.
 */
class HistoryPageTest {
  private static final RegressionRule RULE = new RegressionRule(10, 0.10);

  @TempDir Path dir;
  private HistoryFixture root;

  @BeforeEach
  void setUp() {
    root = new HistoryFixture(dir.resolve("results"));
  }

  /** The page of {@link HistoryFixture#fourSeries}, with anything else the test wrote. */
  private String page() throws IOException {
    root.fourSeries();
    List<SeriesVerdict> verdicts =
        HistoryRoot.read(List.of(root.root()), true, w -> {}).stream().map(RULE::judge).toList();
    Path file = dir.resolve("history.html");
    HistoryPage.write(verdicts, ChangePoints.DEFAULT, file);
    return Files.readString(file);
  }

  @Test
  void theRegressedSeriesComesFirstThenTargetWorkloadAndParallelismAsANumber() throws Exception {
    root.nights("p32", 12, 4000, 25, 0.03, s -> s.put("parallelism", 32));
    List<Element> sections = sections(page());
    assertEquals(
        List.of(
            "REGRESSION postgres airline x16",
            "ok mariadb airline x8",
            "ok postgres airline x4",
            "ok postgres airline x8",
            "ok postgres airline x32"),
        sections.stream().map(s -> heading(s).getTextContent()).toList());
    assertEquals("REGRESSION", sections.get(0).getAttribute("data-verdict"));
  }

  @Test
  void eachSeriesIsNamedInOneShortLineWithTheRestInItsDetails() throws Exception {
    root.nights(
        "p8-big",
        4,
        1500,
        12,
        0.03,
        s -> s.withObjectProperty("fingerprint").withObjectProperty("server").put("fsync", "off"));
    List<Element> sections = sections(page());
    List<String> names = sections.stream().map(HistoryPageTest::name).toList();
    assertTrue(names.contains("postgres airline x8 · fsync=off"), names::toString);
    assertTrue(names.contains("postgres airline x16"), "what all postgres runs share: " + names);
    assertTrue(names.contains("mariadb airline x8"), "one mariadb series: " + names);
    for (Element section : sections) {
      String details = section.getElementsByTagName("details").item(0).getTextContent();
      assertTrue(details.contains("client Amazon EC2 m6i.large"), details);
      assertTrue(details.contains("Latest run: " + root.root()), details);
      assertEquals(
          1, section.getElementsByTagName("h2").getLength(), "one heading, not three lines");
    }
  }

  @Test
  void theStepIsFoundSaidAndHandedToTheScript() throws Exception {
    String html = page();
    Element stepped = sections(html).get(0);
    assertEquals("1", stepped.getAttribute("data-changes"));
    String changes = paragraph(stepped, "changes");
    assertTrue(
        changes.startsWith("Change points: tps changed before the run of 2026-01-13 02:00 UTC"),
        changes);
    assertTrue(changes.matches(".* \\(median [23],\\d{3} -> 1,[78]\\d{2}\\)\\."), changes);
    Element quiet = sections(html).get(3);
    assertEquals("0", quiet.getAttribute("data-changes"));
    assertEquals("No change point in tps or p99.", paragraph(quiet, "changes"));
    String figures = paragraph(stepped, "figures");
    assertTrue(figures.startsWith("tps 1,8") && figures.contains(" -> 900 (-"), figures);

    JsonNode chart = data(html).path("series").get(0);
    assertEquals("[12]", chart.path("tpsChanges").toString());
    assertEquals("[\"tps\"]", chart.path("worse").toString());
    assertEquals(0, chart.path("searchedFrom").asInt());
    assertEquals("[]", data(html).path("series").get(3).path("worse").toString());
  }

  @Test
  void runsOlderThanTheSearchWindowAreSaidNotSearched() throws Exception {
    root.nights("p8", 30, 1500, 12, 0.03, s -> {});
    List<SeriesVerdict> verdicts =
        HistoryRoot.read(List.of(root.root()), true, w -> {}).stream().map(RULE::judge).toList();
    String html = HistoryPage.page(verdicts, new ChangePoints(3, 199, 0.05, 1, 20));
    assertEquals(
        "No change point in tps or p99 (the latest 20 of 30 runs searched).",
        paragraph(sections(html).get(0), "changes"));
    assertEquals(10, data(html).path("series").get(0).path("searchedFrom").asInt());
  }

  /** Times in epoch seconds, figures to 4 significant ones, in arrays: tens of bytes a run. */
  @Test
  void theChartsDataIsCompact() throws Exception {
    root.run("a", 0, 1523.456, 12.34567);
    root.run("a", 1, 12_345.6, 0.1234567, s -> HistoryFixture.priced(s, 3.06, 0.0688533));
    List<SeriesVerdict> verdicts =
        HistoryRoot.read(List.of(root.root()), true, w -> {}).stream().map(RULE::judge).toList();
    JsonNode chart = data(HistoryPage.page(verdicts, ChangePoints.DEFAULT)).path("series").get(0);
    assertEquals(
        "["
            + HistoryFixture.FIRST.getEpochSecond()
            + ","
            + (HistoryFixture.FIRST.getEpochSecond() + 86_400)
            + "]",
        chart.path("t").toString());
    assertEquals("[1523.0,12350.0]", chart.path("tps").toString());
    assertEquals("[12.35,0.1235]", chart.path("p99").toString());
    assertEquals("[null,0.06885]", chart.path("cost").toString()); // the first had no price
  }

  @Test
  void thePageIsSelfContainedAndNoSummaryTextIsMarkup() throws Exception {
    String forged = "</script><script>alert(2)</script><!--\u202e";
    root.nights("a", 3, 1500, 12, 0.03, s -> s.put("serverVersion", forged));
    List<SeriesVerdict> verdicts =
        HistoryRoot.read(List.of(root.root()), true, w -> {}).stream().map(RULE::judge).toList();
    String html = HistoryPage.page(verdicts, ChangePoints.DEFAULT);
    String head = html.substring(0, html.indexOf("<title>"));
    assertTrue(head.contains("content=\"" + PageAssets.POLICY + "\""), head);
    assertFalse(html.matches("(?s).*(src|href)=['\"]?(https?:)?//.*"), "nothing to fetch");
    assertTrue(html.contains("uPlot"), "uPlot inlined");
    assertFalse(html.contains("<svg"), "no SVG drawn on the server");
    assertFalse(html.contains("alert(2)</script>"), "a summary's text ends no script");
    assertFalse(html.contains("<!--"), "nor starts a comment");
    assertFalse(html.contains("\u202e"), "nor turns the text around");
    String details = sections(html).get(0).getElementsByTagName("details").item(0).getTextContent();
    assertTrue(details.contains("</script><script>alert(2)</script><!--\\u202e"), details);
  }

  /** The sections of the page, parsed as XML once its scripts and style are left out. */
  private static List<Element> sections(String html) throws Exception {
    String markup = html.replaceAll("(?s)<script[^>]*>.*?</script>", "");
    markup = markup.replaceAll("(?s)<style>.*?</style>", "");
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document doc =
        factory
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(markup.getBytes(StandardCharsets.UTF_8)));
    NodeList nodes = doc.getElementsByTagName("section");
    List<Element> sections = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      sections.add((Element) nodes.item(i));
    }
    return sections;
  }

  private static Element heading(Element section) {
    return (Element) section.getElementsByTagName("h2").item(0);
  }

  private static String name(Element section) {
    NodeList spans = heading(section).getElementsByTagName("span");
    return spans.item(spans.getLength() - 1).getTextContent();
  }

  private static String paragraph(Element section, String cls) {
    NodeList ps = section.getElementsByTagName("p");
    for (int i = 0; i < ps.getLength(); i++) {
      Element p = (Element) ps.item(i);
      if (p.getAttribute("class").equals(cls)) {
        return p.getTextContent();
      }
    }
    throw new AssertionError("no p." + cls);
  }

  private static JsonNode data(String html) throws IOException {
    Matcher json =
        Pattern.compile("(?s)<script type=\"application/json\" id=\"history-data\">(.*?)</script>")
            .matcher(html);
    assertTrue(json.find(), "the charts' data");
    return new ObjectMapper().readTree(json.group(1));
  }
}
