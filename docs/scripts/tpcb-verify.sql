-- tpcb-like's invariant after a run: every delta committed went to one account, one teller and
-- one branch, and into the history. Each query must return one row whose first column is true.
SELECT (SELECT COALESCE(SUM(abalance), 0) FROM pgbench_accounts)
     = (SELECT COALESCE(SUM(delta), 0) FROM pgbench_history);
SELECT (SELECT COALESCE(SUM(bbalance), 0) FROM pgbench_branches)
     = (SELECT COALESCE(SUM(delta), 0) FROM pgbench_history);
SELECT (SELECT COALESCE(SUM(tbalance), 0) FROM pgbench_tellers)
     = (SELECT COALESCE(SUM(delta), 0) FROM pgbench_history);
