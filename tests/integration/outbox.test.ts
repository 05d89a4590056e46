/** /dev/outbox exists in local mode only, and only for requests from the machine itself. */
import { afterAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/dev.outbox";
import { outboxSender } from "~/infra/sms/sender.server";
import type { Config } from "~/infra/config.server";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
afterAll(() => services.cleanup());

describe("/dev/outbox", () => {
  it("lists the texts the app would have sent, newest first", async () => {
    const sender = outboxSender(services.dataDir);
    await sender.send("+821011112222", "first");
    await sender.send("+821033334444", "second");
    const response = await loader({
      request: new Request("http://x/dev/outbox"),
      params: {},
      context: { ...loadContext(services), fromThisMachine: true },
    });
    const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
    expect(messages.map((m) => m.text)).toEqual(["second", "first"]);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers 404 to a request that did not come from this machine", async () => {
    const thrown = await Promise.resolve(
      loader({ request: new Request("http://x/dev/outbox"), params: {}, context: loadContext(services) }),
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
  });

  it("answers 404 in hosted mode", async () => {
    const hosted = { ...services, config: { ...services.config, mode: "hosted" } as Config };
    const thrown = await Promise.resolve(
      loader({
        request: new Request("http://x/dev/outbox"),
        params: {},
        context: { ...loadContext(hosted), fromThisMachine: true },
      }),
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
  });
});
