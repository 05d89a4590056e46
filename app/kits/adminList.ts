/** The admin's item lists (benefits, offers, loan products, corridors) (docs/decisions/0108). */
export { AdminItemList, ItemFacts, type AdminListItem, type ItemFact } from "~/components/AdminItemList";
