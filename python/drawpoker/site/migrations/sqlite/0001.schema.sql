-- The site's tables as they were before versioned migrations (IF NOT EXISTS: a file made then
-- takes this step without change).
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    request TEXT NOT NULL,
    status TEXT NOT NULL,
    header TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    cpu TEXT,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS players (
    table_id TEXT NOT NULL REFERENCES tables(id),
    role TEXT NOT NULL,
    seat INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, role, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    number INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, hand, number)
);
CREATE TABLE IF NOT EXISTS devices (
    id INTEGER PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_devices (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    device INTEGER NOT NULL REFERENCES devices(id),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seat_devices_by_device ON seat_devices(device, table_id);
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    place INTEGER NOT NULL,
    score INTEGER NOT NULL,
    rating_before REAL,
    rating_after REAL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    device INTEGER NOT NULL REFERENCES devices(id),
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (game, device)
);
CREATE INDEX IF NOT EXISTS ratings_by_rank ON ratings(game, mu - 3 * sigma DESC);
