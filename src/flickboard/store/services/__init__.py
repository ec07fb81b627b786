"""The desk's services, one per resource, each taking the acting identity and refusing
the wrong role before anything is read or written (:mod:`flickboard.store.permissions`):
accounts and scorer codes (:mod:`.identity`), events (:mod:`.events`), rounds
(:mod:`.rounds`), cards (:mod:`.cards`), club games (:mod:`.games`) and each club
format's own writes (:mod:`.csc`, :mod:`.league`, :mod:`.bracket`), all on the stores of
one database (:mod:`.stores`). :class:`flickboard.store.service.DeskService` composes
them."""
