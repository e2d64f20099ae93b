/*
 * txbench report: draws the charts of the JSON in #report-data with uPlot. Every text of the data
 * goes into the page as text (textContent), never as markup. When all charts are made, the body
 * says how many there are (data-charts-expected) and, as each draws, how many drew
 * (data-charts-drawn); a chart that cannot be drawn says so in its place and on the console. The
 * body also says which texts do not fit their place (data-overflow: a tick label cut at a chart's
 * edge, a heading wider than its panel; "" when none), where the table's tps and p99 columns
 * end (data-tps-right, data-p99-right, in CSS px), and where the widest run table ends against the
 * window's width (data-tables-right, data-viewport-width), for a browser test to read.
 */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var root = document.getElementById("charts");
  var charts = [];
  var picked = data.runs.map(function () { return true; });
  var telemetryShown = new Set(data.telemetryRuns);
  var drawn = 0;
  var expected = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function rgba(hex, alpha) {
    var n = parseInt(hex.slice(1), 16);
    return "rgba(" + (n >> 16) + "," + ((n >> 8) & 255) + "," + (n & 255) + "," + alpha + ")";
  }

  var SUFFIX = ["", "k", "M", "G", "T", "P"];

  /** 0.0123, 1.23, 12.3, 123, 1.23k, 12.3M: three figures at most. */
  function compact(v) {
    if (v == null || !isFinite(v)) return "–";
    var a = Math.abs(v);
    if (a === 0) return "0";
    if (a < 1) return String(Number(v.toPrecision(3)));
    var i = 0;
    while (a >= 999.5 && i < SUFFIX.length - 1) { a /= 1000; v /= 1000; i++; }
    var text = a >= 99.95 ? v.toFixed(0) : a >= 9.995 ? v.toFixed(1) : v.toFixed(2);
    return text.replace(/\.0+$/, "") + SUFFIX[i];
  }

  function withUnit(v, unit) {
    if (v == null) return "–";
    if (unit === "B/s") return compact(v) + "B/s";
    if (unit === "%") return compact(v) + "%";
    if (unit === "ms" || unit === "MB" || unit === "cores") return compact(v) + " " + unit;
    if (unit === "/s") return compact(v) + "/s";
    return compact(v);
  }

  /** The percentile at x = 1/(1-p): 1 is 0%, 10 is 90%, 100 is 99%, 1000 is 99.9%... */
  function percentile(x) {
    if (x == null) return "–";
    if (x <= 1) return "0%";
    var decimals = Math.max(0, Math.ceil(Math.log10(x) - 1e-9) - 2);
    return (100 * (1 - 1 / x)).toFixed(decimals) + "%";
  }

  function powersOfTen(u, axis, min, max) {
    var splits = [];
    for (var v = 1; v <= max * 1.0001; v *= 10) if (v >= min * 0.9999) splits.push(v);
    return splits;
  }

  /**
   * The y range the charts of a section with the scale of {@code panel} share (those of the same
   * workload and data): from 0 (or the decade below) to their top.
   */
  function sharedRange(section, panel) {
    var lo = Infinity, hi = -Infinity;
    section.panels.forEach(function (p) {
      if (p.scale !== panel.scale) return;
      p.data.slice(1).forEach(function (ys) {
        ys.forEach(function (y) {
          if (y != null) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
        });
      });
    });
    if (!isFinite(hi)) return null;
    if (section.log) {
      return [Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi)))];
    }
    return [Math.min(0, lo), hi > 0 ? hi * 1.05 : 1];
  }

  function visible(line, chart) {
    return picked[line.run] && (!chart.telemetry || telemetryShown.has(line.run));
  }

  /** Counts a chart drawn once it drew its lines: with data, not only its axes. */
  function onDrawn(u) {
    if (u.root.dataset.drawn || !u.data || !u.data[0] || !u.data[0].length) return;
    u.root.dataset.drawn = "true";
    drawn++;
    document.body.dataset.chartsDrawn = String(drawn);
    document.body.dataset.pageHeight = String(document.documentElement.scrollHeight);
    cutLabels(u).forEach(function (label) { overflow.push(label); });
    document.body.dataset.overflow = overflow.join(" | ");
  }

  var overflow = [];
  var measure = document.createElement("canvas").getContext("2d");

  /**
   * The tick labels uPlot drew beyond its chart: on the x axis, past either edge; on the y axis,
   * wider than the axis, into the frame or the unit. Measured with the axis's own font.
   */
  function cutLabels(u) {
    var cut = [];
    var ratio = window.devicePixelRatio || 1;
    u.axes.forEach(function (axis, i) {
      if (!axis._values || !axis._splits) return;
      measure.font = axis.font[0];
      var scale = i === 0 ? "x" : "y";
      axis._values.forEach(function (text, k) {
        if (text == null || text === "") return;
        var width = measure.measureText(String(text)).width / ratio;
        if (i === 0) {
          var at = u.bbox.left / ratio + u.valToPos(axis._splits[k], scale);
          if (at - width / 2 < 0 || at + width / 2 > u.width) cut.push("x tick " + text);
        } else if (width > axis._size - axis.ticks.size - axis.gap) {
          cut.push("y tick " + text);
        }
      });
    });
    return cut;
  }

  /** Headings and legends wider than their panel, as a person would see them cut or spill over. */
  function overflowingText() {
    var found = [];
    document.querySelectorAll(".panel, .panel h3, .panel p").forEach(function (e) {
      if (e.scrollWidth > e.clientWidth + 1) found.push((e.textContent || "").slice(0, 60));
    });
    return found;
  }

  function tallest(selector) {
    var most = 0;
    document.querySelectorAll(selector).forEach(function (e) {
      most = Math.max(most, Math.round(e.getBoundingClientRect().height));
    });
    return most;
  }

  /** Whether series {@code si} has so few values that a line would draw nothing visible. */
  function fewPoints(u, si) {
    var values = u.data[si], n = 0;
    for (var i = 0; i < values.length && n < 3; i++) if (values[i] != null) n++;
    return n < 3;
  }

  function options(section, panel, width, height, range) {
    var percentiles = section.x === "percentile";
    var series = [{
      label: percentiles ? "percentile" : "t",
      value: function (u, v) { return percentiles ? percentile(v) : v == null ? "–" : v + " s"; }
    }];
    panel.lines.forEach(function (line) {
      var run = data.runs[line.run];
      var s = {
        label: line.label,
        stroke: line.light ? rgba(run.colour, 0.85) : run.colour,
        width: line.light ? 1.25 : 2,
        spanGaps: true,
        // Points only where a line cannot show: a run of one or two periods draws no line.
        points: { show: fewPoints, size: 7 },
        value: function (u, v) { return withUnit(v, section.unit); }
      };
      if (run.dash.length) s.dash = run.dash;
      if (section.unit === "count") s.paths = uPlot.paths.stepped({ align: 1 });
      series.push(s);
    });
    var y = {};
    if (section.log) { y.distr = 3; y.log = 10; }
    if (range) {
      y.range = function () { return range; };
    } else if (!section.log) {
      y.range = function (u, min, max) { return [Math.min(0, min), max > 0 ? max * 1.05 : 1]; };
    }
    var yAxis = { size: 60, label: section.unit, labelSize: 18,
      values: function (u, splits) { return splits.map(compact); } };
    if (section.unit === "count") {
      yAxis.incrs = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 1e5, 1e6, 1e7];
    }
    var x = { time: false };
    if (percentiles) { x.distr = 3; x.log = 10; }
    return {
      width: width,
      height: height,
      // Room at the right for the last x tick's label ("99.9999%") to be centred on its tick.
      padding: [10, percentiles ? 44 : 18, 0, 0],
      series: series,
      scales: { x: x, y: y },
      axes: [
        percentiles
          ? { label: "percentile", labelSize: 18, size: 34, splits: powersOfTen,
              values: function (u, splits) { return splits.map(percentile); } }
          : { label: "seconds since start", labelSize: 18, size: 34 },
        yAxis
      ],
      legend: { live: true },
      cursor: { sync: { key: section.x }, focus: { prox: 16 } },
      focus: { alpha: 0.35 },
      hooks: { draw: [onDrawn] }
    };
  }

  function chartSize(section, holder) {
    var width = Math.max(260, Math.floor(holder.clientWidth));
    return { width: width, height: section.panels.length === 1 ? 300 : 240 };
  }

  function drawSection(section) {
    var box = el("section", "chart-section");
    box.appendChild(el("h2", null, section.title));
    if (section.note) box.appendChild(el("p", "note", section.note));
    root.appendChild(box);
    if (section.telemetry && section.panels.length === 0 && data.groups.length > 1) {
      box.appendChild(groupPicker());
    }
    if (!section.panels.length) return;
    var columns = Math.min(section.panels.length, section.telemetry ? 3 : 2);
    var grid = el("div", "grid");
    grid.style.gridTemplateColumns = "repeat(" + columns + ", minmax(0, 1fr))";
    box.appendChild(grid);
    section.panels.forEach(function (panel) {
      var div = el("div", "panel");
      if (panel.title) div.appendChild(el("h3", null, panel.title));
      grid.appendChild(div);
      if (!panel.lines.length) {
        div.appendChild(el("p", "words", panel.words));
        return;
      }
      var holder = el("div", "holder");
      div.appendChild(holder);
      if (panel.words) div.appendChild(el("p", "note", panel.words));
      var range = section.sameScale ? sharedRange(section, panel) : null;
      expected++;
      var chart = { lines: panel.lines, telemetry: section.telemetry, section: section, holder: holder };
      try {
        var size = chartSize(section, holder);
        var opts = options(section, panel, size.width, size.height, range);
        panel.lines.forEach(function (line, i) { opts.series[i + 1].show = visible(line, chart); });
        chart.plot = new uPlot(opts, panel.data, holder);
        charts.push(chart);
      } catch (e) {
        holder.appendChild(el("p", "error", "This chart could not be drawn: " + e.message));
        console.error(e);
      }
    });
  }

  /**
   * Applies the run picker and the telemetry group to every chart and to the rows of the run
   * table and of the statements table (a script's statements, by run).
   */
  function apply() {
    charts.forEach(function (chart) {
      var rows = chart.plot.root.querySelectorAll(".u-legend .u-series");
      var any = false;
      chart.plot.batch(function () {
        chart.lines.forEach(function (line, i) {
          var show = visible(line, chart);
          any = any || show;
          if (chart.plot.series[i + 1].show !== show) chart.plot.setSeries(i + 1, { show: show });
          if (rows[i + 1]) rows[i + 1].style.display = show ? "" : "none";
        });
      });
      // A server figure none of the runs shown has (another server's counter) is left out.
      if (chart.telemetry) chart.holder.parentNode.style.display = any ? "" : "none";
    });
    document.querySelectorAll("table.runs tbody tr").forEach(function (tr) {
      tr.classList.toggle("hidden", !picked[Number(tr.dataset.run)]);
    });
  }

  function groupPicker() {
    var label = el("label", "group-picker", "Runs in these charts: ");
    var select = el("select");
    var all = el("option", null, "all " + data.runs.length + " runs");
    all.value = "all";
    select.appendChild(all);
    data.groups.forEach(function (g, i) {
      var o = el("option", null, (g.label || "group " + (i + 1)) + " (" + g.runs.length + " runs)");
      o.value = String(i);
      select.appendChild(o);
    });
    select.value = telemetryShown.size === data.runs.length ? "all" : "0";
    select.addEventListener("change", function () {
      telemetryShown = new Set(select.value === "all"
        ? data.runs.map(function (r, i) { return i; })
        : data.groups[Number(select.value)].runs);
      apply();
    });
    label.appendChild(select);
    return label;
  }

  function runButtons() {
    var box = el("p", "controls");
    [["show all runs", true], ["hide all runs", false]].forEach(function (b) {
      var button = el("button", null, b[0]);
      button.type = "button";
      button.addEventListener("click", function () {
        picked = picked.map(function () { return b[1]; });
        document.querySelectorAll("input.pick").forEach(function (box) { box.checked = b[1]; });
        apply();
      });
      box.appendChild(button);
    });
    return box;
  }

  function render() {
    document.querySelectorAll("input.pick").forEach(function (box) {
      box.addEventListener("change", function () {
        picked[Number(box.dataset.run)] = box.checked;
        apply();
      });
    });
    if (data.runs.length > 1) root.appendChild(runButtons());
    data.sections.forEach(drawSection);
    apply();
    measured();
  }

  /** What the body says for a browser test, once every chart is made. */
  function measured() {
    document.body.dataset.chartsExpected = String(expected);
    overflowingText().forEach(function (text) { overflow.push(text); });
    document.body.dataset.overflow = overflow.join(" | ");
    // The tallest row of the table and the tallest legend entry, in CSS px: a row or an entry that
    // wraps into lines shows as one taller than a line or two.
    document.body.dataset.tallestRow = String(tallest("table.runs tbody tr"));
    document.body.dataset.tallestLegendEntry = String(tallest(".u-legend .u-series"));
    // The right edge of the widest run table and the window's width, in CSS px: a table wider
    // than the window hides its last columns behind a scroll bar.
    var right = 0;
    document.querySelectorAll("table.runs").forEach(function (table) {
      right = Math.max(right, Math.ceil(table.getBoundingClientRect().right));
    });
    document.body.dataset.tablesRight = String(right);
    document.body.dataset.viewportWidth = String(document.documentElement.clientWidth);
    ["tps", "p99_ms"].forEach(function (column) {
      var th = document.querySelector("table.runs th[data-column='" + column + "']");
      if (th) {
        document.body.dataset[column === "tps" ? "tpsRight" : "p99Right"] =
          String(Math.round(th.getBoundingClientRect().right));
      }
    });
  }

  render();

  /**
   * The live page's (txbench --live): draws {@code next} in place of the data drawn, the run table
   * replaced first, so that one script draws the offline report and the run under way alike.
   */
  window.txbenchReport = {
    redraw: function (next) {
      charts.forEach(function (c) { c.plot.destroy(); });
      charts = [];
      root.textContent = "";
      data = next;
      picked = data.runs.map(function () { return true; });
      telemetryShown = new Set(data.telemetryRuns);
      drawn = 0;
      expected = 0;
      overflow = [];
      document.body.dataset.chartsDrawn = "0";
      render();
    }
  };

  var resizing = 0;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () {
      charts.forEach(function (c) { c.plot.setSize(chartSize(c.section, c.holder)); });
    }, 150);
  });
})();
