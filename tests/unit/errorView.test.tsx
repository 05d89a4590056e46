// @vitest-environment happy-dom
/**
 * The shared error view of every route boundary (spec §2, §8): status code, 404
 * view with the path, status message when the response has one, and 'Internal
 * Server Error' otherwise; translated.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../locales/en/common.json";
import ko from "../../locales/ko/common.json";
import { ErrorView } from "~/components/ErrorView";
import { Catalog } from "~/i18n/catalog";
import { CatalogProvider } from "~/i18n/useTranslation";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function renderError(thrown: () => never, lng = "en") {
  const catalog = new Catalog(lng, { common: lng === "ko" ? ko : en });
  const router = createMemoryRouter([{ path: "/", loader: thrown, element: <p>page</p>, errorElement: <ErrorView /> }]);
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <CatalogProvider catalog={catalog}>
        <RouterProvider router={router} />
      </CatalogProvider>,
    );
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 10));
  });
  return host;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("ErrorView", () => {
  it("shows 404, 'Page Not Found' and the path for a not-found response", async () => {
    const host = await renderError(() => {
      throw Response.json({ code: "notFound", path: "/x/y" }, { status: 404 });
    });
    expect(host.querySelector(".error-view--404")).not.toBeNull();
    expect(host.querySelector(".error-view__code")!.textContent).toBe("404");
    expect(host.querySelector("h2")!.textContent).toBe(en.errors.notFoundTitle);
    expect(host.textContent).toContain("Page not found: /x/y");
  });

  it("isolates the quoted path left-to-right and offers ways on: home, the visa finder, signing in", async () => {
    const host = await renderError(() => {
      throw Response.json({ code: "notFound", path: "/a/b?c=1" }, { status: 404 });
    });
    const path = host.querySelector("bdi")!;
    expect(path.getAttribute("dir")).toBe("ltr");
    expect(path.textContent).toBe("/a/b?c=1");
    // The spec's sentence around it, as translated.
    expect(path.parentElement!.textContent).toBe(en.errors.notFoundPath.replace("{{path}}", "/a/b?c=1"));
    expect(host.textContent).toContain(en.errors.notFoundExplain);
    const links = [...host.querySelectorAll(".ways-on a")].map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual([
      ["/", en.errors.goHome],
      ["/member/findVisa", en.nav.findVisa],
      ["/member/start", en.nav.signInOrJoin],
    ]);
  });

  it("translates the 404 view", async () => {
    const host = await renderError(() => {
      throw Response.json({ code: "notFound", path: "/x" }, { status: 404 });
    }, "ko");
    expect(host.querySelector("h2")!.textContent).toBe(ko.errors.notFoundTitle);
  });

  it("shows the status and the response's own status message when it has one", async () => {
    const host = await renderError(() => {
      throw new Response(null, { status: 503, statusText: "Down for maintenance" });
    });
    expect(host.querySelector(".error-view--500")).not.toBeNull();
    expect(host.querySelector(".error-view__code")!.textContent).toBe("503");
    expect(host.querySelector("h2")!.textContent).toBe("Down for maintenance");
  });

  it("shows 'Internal Server Error' for a status without a message", async () => {
    const host = await renderError(() => {
      throw new Response(null, { status: 403 });
    });
    expect(host.querySelector(".error-view__code")!.textContent).toBe("403");
    expect(host.querySelector("h2")!.textContent).toBe(en.errors.internalServerError);
  });

  it("defaults to 500 for a thrown error, without a stack trace outside development", async () => {
    const host = await renderError(() => {
      throw new Error("secret internals");
    });
    expect(host.querySelector(".error-view__code")!.textContent).toBe("500");
    expect(host.querySelector("h2")!.textContent).toBe(en.errors.internalServerError);
    expect(host.textContent).not.toContain("secret internals");
    expect(host.querySelector("pre")).toBeNull();
  });
});
