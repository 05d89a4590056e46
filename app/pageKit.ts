/**
 * The app's browser code that the root, the browser entry and most pages use, in one module. Routes, the root and
 * entry.client take shared code from here; form pages also from `~/formKit`, and a family of a few pages (the
 * finance calculators, the visa finder, the community lists...) from its kit in `app/kits/`. Code one page alone
 * uses stays in or beside that page's module.
 *
 * Why one module: esbuild, Remix's classic compiler, puts each module in the chunk of exactly the set of entries
 * (browser entry, root, each route) that reach it, so a component two routes imported directly was a chunk of its
 * own and one more request on a slow phone. Every page and the entry reach everything this module re-exports,
 * exactly as they reach React, so all of it lands in React's chunk (docs/decisions/0026-fewer-fuller-chunks.md)
 * and every page pays for it: what only a few pages use goes in their kit instead (docs/decisions/0108).
 * `tests/integration/chunks.test.ts` checks the real build: a first load is the entry, React's chunk, esbuild's
 * runtime chunk, the root, the route and at most one kit's chunk besides the form kit's.
 */

// For the browser, Remix replaces every `*.server` import with an empty module, one
// per import specifier; reached from here, the route kit's lands in React's chunk
// instead of a chunk of its own. (On the server, every route imports it anyway.)
import "~/routeKit.server";

export { AppointmentCard } from "~/components/AppointmentCard";
export { AuthorLine, TimeAgo } from "~/components/community/AuthorLine";
export { Branded } from "~/components/Branded";
export { Confirmation } from "~/components/Confirmation";
export { ErrorView, RouteErrorBoundary } from "~/components/ErrorView";
export { Icon, type IconName } from "~/components/Icon";
export { describedBy, LabelledField } from "~/components/LabelledField";
export { KoreanTerms } from "~/components/KoreanTerms";
export { InboxBell } from "~/components/layouts/TabBar";
export { Ltr, SentenceWithLtr, SentenceWithValues } from "~/components/SentenceWithLtr";
export { RateTag, type RateTagFacts } from "~/components/RateTag";
export { SourceLine } from "~/components/SourceLine";
export { languageMarks, UntranslatedNote } from "~/components/Untranslated";
export { directionOf, fallbackLanguage, namespacesOf } from "~/i18n/config";
export { reloadForChunkError } from "~/lib/chunkReload";
export { openMessageBox } from "~/lib/dialog/open";
export { fetchWithTimeout } from "~/lib/fetchWithTimeout";
export { rememberLanguage } from "~/lib/rememberLanguage";
export { formatDate, formatNumber, particleRo } from "~/lib/format";
export { translateFormMessage } from "~/lib/formMessage";
export { useHydratedMark, whenIdle } from "~/lib/hydration";
export { InlineAssetsContext, InlineStylesheets, InlineTranslations, readInlineAssets } from "~/lib/inlineAssets";
export { featureStyles, loadStylesheet } from "~/lib/stylesheets";
export { editPageHandle, usePage } from "~/lib/page";
export { NonceContext, useNonce } from "~/nonce";
