/*
 * txbench --live: asks the server that served this page for live.json once a second. A new version
 * of the same page redraws the table and the charts with its data (report.js's redraw); another
 * page (the run's report once it ended, the next run of a sweep) is loaded in place of this one.
 * Once the server is gone (the run's process ended), the page stays as it was, and says so. The
 * body says the version drawn (data-live-version), for a browser test to read.
 */
(function () {
  "use strict";
  var status = document.getElementById("live");
  var version = 0;
  var page = null;

  function poll() {
    fetch("live.json", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (live) {
        if (page !== null && live.page !== page) {
          location.reload();
          return;
        }
        page = live.page;
        if (live.version !== version && live.data) {
          var table = document.getElementById("run-table");
          var holder = document.createElement("div");
          holder.innerHTML = live.table;
          table.replaceChildren.apply(table, Array.prototype.slice.call(holder.childNodes));
          window.txbenchReport.redraw(live.data);
          status.textContent = live.status;
        }
        version = live.version;
        document.body.dataset.liveVersion = String(version);
        setTimeout(poll, 1000);
      })
      .catch(function () {
        status.textContent += " The run's process no longer answers: this is its last state.";
      });
  }

  poll();
})();
