/*
 * txbench history: draws the tps and the p99 chart of each series of the JSON in #history-data
 * with uPlot, into its section's div.chart elements (data-series, data-metric); all the page's text
 * is the page's own, the script only draws. A draw hook marks each change point of the chart's
 * metric with a dashed line between the run before it and the run after, shades the runs too old
 * to have been searched, and rings a latest run that regressed in that metric; each chart says how
 * many lines and rings it drew (data-change-lines, data-regression-rings). When every chart
 * has drawn, the body says how many there are and drew (data-charts-expected, data-charts-drawn),
 * when that was (data-drawn-ms, since the page was asked for), and how many elements spill out of
 * their series' section or their own box (data-overflowing, each marked data-overflow): a test in
 * a browser reads all of it from the DOM.
 */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("history-data").textContent);
  var TPS = "#1f77b4", P99 = "#7b3294", CHANGE = "#555555", REGRESSION = "#c62828";
  var HEIGHT = 200;
  var holders = document.querySelectorAll("div.chart[data-series]");
  var plots = [];
  var drawn = 0;

  function utc(t) {
    return new Date(t * 1000).toISOString().slice(0, 16).replace("T", " ");
  }

  /** 4 significant figures at most, thousands separated: 12,350, 1,523, 12.34. */
  function figure(v) {
    return v == null ? "–" : Number(v.toPrecision(4)).toLocaleString("en-US");
  }

  function fromZero(u, min, max) {
    return [0, max > 0 ? max * 1.08 : 1];
  }

  /**
   * The series' own time span and a twentieth more each side (at least 30 s), so that the latest
   * run's ring is not cut and runs minutes apart fill the chart; one run alone stands in the middle
   * of an hour. From the runs, not from uPlot's min and max: for one run uPlot's are a day of
   * milliseconds, read as seconds (2.7 years).
   */
  function padded(s) {
    return function () {
      var first = s.t[0], last = s.t[s.t.length - 1];
      var pad = last > first ? Math.max((last - first) * 0.05, 30) : 1800;
      return [first - pad, last + pad];
    };
  }

  /** The time between run i - 1 and run i: where a change happened or the search began. */
  function between(s, i) {
    return (s.t[i - 1] + s.t[i]) / 2;
  }

  /** An axis as wide as its longest value and a little room, so that no tick label is cut. */
  function axisSize(u, values, axisIdx, cycleNum) {
    var axis = u.axes[axisIdx];
    if (cycleNum > 1) return axis._size;
    var size = axis.ticks.size + axis.gap + 6;
    var longest = (values || []).reduce(function (a, v) {
      return String(v).length > a.length ? String(v) : a;
    }, "");
    if (longest) {
      u.ctx.font = axis.font[0];
      size += u.ctx.measureText(longest).width / uPlot.pxRatio;
    }
    return Math.ceil(size);
  }

  /** Draws the change points of series s's metric, its unsearched runs and its regression. */
  function marks(s, metric) {
    var changes = s[metric + "Changes"];
    var regressed = s.worse.indexOf(metric) >= 0;
    return function (u) {
      var ctx = u.ctx, px = uPlot.pxRatio, box = u.bbox;
      var left = box.left, right = box.left + box.width, top = box.top;
      ctx.save();
      if (s.searchedFrom > 0) {
        var edge = u.valToPos(between(s, s.searchedFrom), "x", true);
        ctx.fillStyle = "rgba(0,0,0,0.07)";
        ctx.fillRect(left, top, Math.min(right, Math.max(left, edge)) - left, box.height);
      }
      ctx.strokeStyle = CHANGE;
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([6 * px, 4 * px]);
      var lines = 0;
      changes.forEach(function (i) {
        var x = Math.round(u.valToPos(between(s, i), "x", true));
        if (x < left || x > right) return;
        ctx.beginPath();
        ctx.moveTo(x, top);
        ctx.lineTo(x, top + box.height);
        ctx.stroke();
        lines++;
      });
      var rings = 0, last = s.t.length - 1;
      if (regressed && s[metric][last] != null) {
        var cx = u.valToPos(s.t[last], "x", true), cy = u.valToPos(s[metric][last], "y", true);
        ctx.setLineDash([]);
        ctx.strokeStyle = REGRESSION;
        ctx.fillStyle = REGRESSION;
        ctx.lineWidth = 2 * px;
        ctx.beginPath();
        ctx.arc(cx, cy, 7 * px, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.font = 11 * px + "px sans-serif";
        ctx.fillText("regressed", cx - 11 * px - ctx.measureText("regressed").width, cy - 8 * px);
        rings++;
      }
      ctx.restore();
      u.root.dataset.xFrom = String(Math.round(u.scales.x.min));
      u.root.dataset.xTo = String(Math.round(u.scales.x.max));
      u.root.dataset.changeLines = String(lines);
      u.root.dataset.regressionRings = String(rings);
      onDrawn(u);
    };
  }

  /** Counts a chart drawn once it drew its lines: with data, not only its axes. */
  function onDrawn(u) {
    if (u.root.dataset.drawn || !u.data || !u.data[0] || !u.data[0].length) return;
    u.root.dataset.drawn = "true";
    drawn++;
    document.body.dataset.chartsDrawn = String(drawn);
    if (drawn === holders.length) {
      document.body.dataset.drawnMs = String(Math.round(performance.now()));
      markOverflow();
    }
  }

  /** Marks each element outside its series' section, or whose text spills out of its own box. */
  function markOverflow() {
    var spilling = 0;
    document.querySelectorAll("section.series").forEach(function (section) {
      var box = section.getBoundingClientRect();
      section.querySelectorAll("*").forEach(function (e) {
        var r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return; // not shown: a closed details' text
        if (r.left < box.left - 1 || r.right > box.right + 1
            || (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)) {
          e.dataset.overflow = "true";
          spilling++;
        }
      });
    });
    document.body.dataset.overflowing = String(spilling);
  }

  var METRICS = {
    tps: { label: "tps", colour: TPS },
    p99: { label: "p99 ms", colour: P99 }
  };

  function options(s, metric, width) {
    var m = METRICS[metric];
    var values = function (u, splits) { return splits.map(figure); };
    return {
      width: width,
      height: HEIGHT,
      tzDate: function (t) { return uPlot.tzDate(new Date(t * 1000), "Etc/UTC"); },
      scales: { x: { time: true, range: padded(s) }, y: { range: fromZero } },
      series: [
        { label: "run (UTC)", value: function (u, v) { return v == null ? "–" : utc(v); } },
        { label: m.label, stroke: m.colour, width: 1.5, value: function (u, v) { return figure(v); } }
      ],
      axes: [{}, { label: m.label, labelSize: 18, size: axisSize, values: values }],
      legend: { live: true },
      cursor: { sync: { key: "history" } },
      hooks: { draw: [marks(s, metric)] }
    };
  }

  /**
   * The width of a chart's holder; its height the stylesheet sets from the start (the chart and
   * its legend), so that the page is as tall before the charts are made as after, and a scroll bar
   * that comes with them does not leave the first charts wider than their holders.
   */
  function width(holder) {
    return Math.max(300, Math.floor(holder.clientWidth));
  }

  document.body.dataset.chartsExpected = String(holders.length);
  holders.forEach(function (holder) {
    var s = data.series[Number(holder.dataset.series)], metric = holder.dataset.metric;
    try {
      var plot = new uPlot(options(s, metric, width(holder)), [s.t, s[metric]], holder);
      plots.push({ holder: holder, plot: plot });
    } catch (e) {
      var p = document.createElement("p");
      p.className = "error";
      p.textContent = "This chart could not be drawn: " + e.message;
      holder.appendChild(p);
      console.error(e);
    }
  });

  var resizing = 0;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () {
      plots.forEach(function (c) { c.plot.setSize({ width: width(c.holder), height: HEIGHT }); });
    }, 150);
  });
})();
