/**
 * The pages a visitor reaches without an account or a flow in progress, with the title key each is drawn with
 * (app/routes' `handle.title`) and the status it answers with. Checked in all 19 languages in-process
 * (tests/integration/pageLanguages.test.ts) and in a real browser in a few (tests/e2e/routes.spec.ts).
 */
export const publicPages = [
  { path: "/", title: "titles.main", status: 200 },
  { path: "/language", title: "titles.language", status: 200 },
  { path: "/nLanguage", title: "titles.language", status: 200 },
  { path: "/shop", title: "titles.shop", status: 200 },
  { path: "/member/start", title: "titles.start", status: 200 },
  { path: "/member/startId", title: "titles.startId", status: 200 },
  { path: "/login/login", title: "titles.login", status: 200 },
  { path: "/sign", title: "titles.signUp", status: 200 },
  { path: "/member/agree", title: "titles.signUp", status: 200 },
  { path: "/member/terms", title: "titles.terms", status: 200 },
  { path: "/mypage/terms", title: "titles.terms", status: 200 },
  { path: "/member/findPw", title: "titles.findPw", status: 200 },
  { path: "/member/findVisa", title: "titles.findVisa", status: 200 },
  { path: "/member/findVisa/E-9", title: "titles.selectVisa", status: 200 },
  // A sub-type's extension kit (decision 0105).
  { path: "/member/findVisa/D-2-2", title: "titles.selectVisa", status: 200 },
  { path: "/community", title: "titles.allFeeds", status: 200 },
  { path: "/benefit", title: "titles.benefit", status: 200 },
  { path: "/mypage/notice", title: "titles.notices", status: 200 },
  { path: "/finance/loan", title: "titles.loan", status: 200 },
  { path: "/finance/currencyExchange", title: "titles.exchange", status: 200 },
  { path: "/finance/remittance", title: "titles.remittance", status: 200 },
  // Local mode's outbox, to requests from this machine.
  { path: "/dev/outbox", title: "titles.outbox", status: 200 },
  { path: "/no/such/page", title: "titles.notFound", status: 404 },
];
