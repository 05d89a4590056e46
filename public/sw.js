/*
 * K-Life's service worker (issue 42), scope "/": it shows the reminders the server pushes (a JSON payload:
 * title, body, lang, dir, url, stop; app/stores/reminders.ts PushMessage), opens the reminder's page when the
 * notification is tapped, and the opt-out page (/reminders/stop) from its "stop" action. It caches nothing: every
 * page comes from the network as without it.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" && message.title ? message.title : "K-Life";
  const url = typeof message.url === "string" ? message.url : "/";
  const stop = message.stop && typeof message.stop.url === "string" ? message.stop : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      lang: typeof message.lang === "string" ? message.lang : "",
      dir: message.dir === "rtl" ? "rtl" : message.dir === "ltr" ? "ltr" : "auto",
      icon: "/favicon.svg",
      data: { url, stop: stop ? stop.url : null },
      actions: stop ? [{ action: "stop", title: String(stop.label || "") }] : [],
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const raw = (event.action === "stop" ? data.stop : data.url) || "/";
  // Only this site's pages are opened: the link's path and query, on this origin.
  let path = "/";
  try {
    const link = new URL(raw, self.location.origin);
    path = link.pathname + link.search;
  } catch {
    path = "/";
  }
  event.waitUntil(self.clients.openWindow(new URL(path, self.location.origin).href));
});
