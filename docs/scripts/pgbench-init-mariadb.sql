-- pgbench -i's tables and rows at scale 1, for --script-setup on MariaDB (its sequence engine)
CREATE TABLE pgbench_branches (bid int NOT NULL PRIMARY KEY, bbalance int, filler char(88));
CREATE TABLE pgbench_tellers (tid int NOT NULL PRIMARY KEY, bid int, tbalance int, filler char(84));
CREATE TABLE pgbench_accounts (aid int NOT NULL PRIMARY KEY, bid int, abalance int, filler char(84));
CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp NULL, filler char(22));
INSERT INTO pgbench_branches (bid, bbalance) VALUES (1, 0);
INSERT INTO pgbench_tellers (tid, bid, tbalance) SELECT seq, 1, 0 FROM seq_1_to_10;
INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT seq, 1, 0, '' FROM seq_1_to_100000;
