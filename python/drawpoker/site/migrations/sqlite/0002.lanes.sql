-- depends: 0001.schema
-- A dealer's lane and its fencing number: an action is written only under the current one.
CREATE TABLE lanes (
    lane INTEGER PRIMARY KEY,
    fence INTEGER NOT NULL
);
