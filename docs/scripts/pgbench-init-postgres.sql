-- pgbench -i's tables and rows at :scale (--define scale=N), for --script-setup on PostgreSQL
CREATE TABLE pgbench_branches (bid int NOT NULL PRIMARY KEY, bbalance int, filler char(88));
CREATE TABLE pgbench_tellers (tid int NOT NULL PRIMARY KEY, bid int, tbalance int, filler char(84));
CREATE TABLE pgbench_accounts (aid int NOT NULL PRIMARY KEY, bid int, abalance int, filler char(84));
CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
INSERT INTO pgbench_branches (bid, bbalance) SELECT b, 0 FROM generate_series(1, :scale) b;
INSERT INTO pgbench_tellers (tid, bid, tbalance)
  SELECT t, (t - 1) / 10 + 1, 0 FROM generate_series(1, 10 * :scale) t;
INSERT INTO pgbench_accounts (aid, bid, abalance, filler)
  SELECT a, (a - 1) / 100000 + 1, 0, '' FROM generate_series(1, 100000 * :scale) a;
