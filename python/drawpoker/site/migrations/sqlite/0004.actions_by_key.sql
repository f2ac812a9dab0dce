-- depends: 0003.inbox
-- The hand being played's actions kept in the order of their key alone (WITHOUT ROWID): a new
-- action writes one page of the file rather than two (the table's and its key's index), and
-- so one frame of the write-ahead log at each commit rather than two.
CREATE TABLE actions_by_key (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    number INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, hand, number)
) WITHOUT ROWID;
INSERT INTO actions_by_key (table_id, hand, number, data)
    SELECT table_id, hand, number, data FROM actions;
DROP TABLE actions;
ALTER TABLE actions_by_key RENAME TO actions;
