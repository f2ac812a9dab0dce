-- depends: 0002.lanes
-- The id of the last request of the lane's inbox whose changes are written: recorded by the
-- dealer with each fenced write, in the same transaction, so that the lane's next dealer
-- reads the inbox from exactly there.
ALTER TABLE lanes ADD COLUMN inbox TEXT;
