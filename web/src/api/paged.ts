// Lists paged by cursor (audit trails, a secret's log): coffer/client reads the next cursor off the
// X-Next-Cursor header.
export { type Page, unwrapPage } from "coffer/client";
