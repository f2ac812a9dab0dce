"""What the tests of dealers over Redis and PostgreSQL share: handling the requests waiting in
a lane's inbox, stopping a dealer, and reading a table back from its store."""

from __future__ import annotations

from drawpoker.site.dealer import Dealer
from drawpoker.site.store import SavedTable, Store


async def handle_waiting(dealer: Dealer, lane: int) -> int:
    """Handles every request waiting in ``lane``'s inbox, in order, as the dealer's loop does
    (each marked handled once done); how many there were."""
    pending = await dealer.inbox.read({lane: dealer.after[lane]}, block_ms=100)
    for _, entry, request in pending:
        request["entry"] = entry
        await dealer.handle(request)
        dealer.after[lane] = entry
        await dealer.inbox.handled(lane, entry)
    return len(pending)


async def stop_dealer(dealer: Dealer, release: bool = True) -> None:
    """Stops ``dealer`` and closes its bus and store; with ``release``, as a dealer that shuts
    down gives its lanes back and leaves the dealers' list (else as one that died)."""
    if release:
        for lease in list(dealer.held.values()):
            await dealer.leases.release(lease)
        await dealer.client.zrem(dealer.dealers_key, dealer.name)
    await dealer.house.stop()
    await dealer.bus.aclose()
    dealer.house.store.close()


def stored_table(store: str, table_id: str) -> SavedTable:
    """The table ``table_id`` as a fresh connection to ``store`` reads it back."""
    saved = Store(store)
    try:
        found = saved.load_table(table_id)
    finally:
        saved.close()
    assert found is not None, table_id
    return found
