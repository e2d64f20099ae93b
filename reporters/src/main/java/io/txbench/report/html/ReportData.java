package io.txbench.report.html;

import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryTelemetry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything the page's script draws, as one JSON document: the runs (label, colour, dash), their
 * groups, the runs the server and machine charts show at first, and the chart sections. Built from
 * the result directories; the page embeds it in a {@code <script type="application/json">}.
 */
record ReportData(
    List<RunStyle> runs,
    List<ChartGroup> groups,
    List<Integer> telemetryRuns,
    List<ChartSection> sections) {
  /** A run as the charts draw it. */
  record RunStyle(String label, String colour, List<Integer> dash) {}

  /**
   * The data of {@code runs}, grouped by {@code facts}; reads each run's server.csv (the exception
   * names a file that is corrupt), and says the warning of its sampler its summary recorded.
   */
  static ReportData of(List<ResultDirectory> runs, List<RunFact> facts) throws IOException {
    List<RunStyle> styles = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      styles.add(new RunStyle(runs.get(i).label(), RunColours.colour(i), RunColours.dash(i)));
    }
    List<ChartGroup> groups = ChartGroups.of(runs.size(), facts);
    List<Optional<ServerTimeline>> timelines = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      timelines.add(ServerTimeline.read(runs.get(i).path()));
      SummaryTelemetry telemetry = runs.get(i).summary().environment().telemetry();
      if (telemetry != null && telemetry.warning() != null && !telemetry.warning().isEmpty()) {
        notes.add(runs.get(i).label() + ": " + telemetry.warning());
      }
    }
    List<ChartSection> sections = new ArrayList<>(ClientCharts.sections(runs, groups));
    sections.addAll(TelemetryCharts.sections(runs, timelines, notes));
    List<Integer> telemetryRuns =
        runs.size() <= ChartGroups.MOST
            ? java.util.stream.IntStream.range(0, runs.size()).boxed().toList()
            : groups.get(0).runs();
    return new ReportData(styles, groups, telemetryRuns, sections);
  }
}
