/** /dev/outbox exists in local mode only. */
import { afterAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/dev.outbox";
import { outboxSender } from "~/sms/sender.server";
import type { Config } from "~/config.server";
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
      context: loadContext(services),
    });
    const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
    expect(messages.map((m) => m.text)).toEqual(["second", "first"]);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 404 in hosted mode", async () => {
    const hosted = { ...services, config: { ...services.config, mode: "hosted" } as Config };
    const thrown = await Promise.resolve(
      loader({ request: new Request("http://x/dev/outbox"), params: {}, context: loadContext(hosted) }),
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
  });
});
