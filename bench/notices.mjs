/**
 * Notices for the benchmarks, imported as an operator imports them: a content file
 * of 30 notices (3 pinned; Korean, English and Vietnamese, Markdown bodies of about
 * 1 500 characters) run through the content CLI (build/content.js) against the
 * running app's DATA_DIR. Returns the code of the notice measured.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./servers.mjs";

const PARAGRAPH = {
  ko: "외국인등록증을 받은 뒤 **체류지가 바뀌면 14일 안에** 전입신고를 해야 해요. [하이코리아](https://www.hikorea.go.kr)에서 방문 예약을 하거나 주민센터에 가면 돼요.",
  en: "After you get your residence card, **report a new address within 14 days**. Book a visit on [HiKorea](https://www.hikorea.go.kr) or go to your community service centre.",
  vi: "Sau khi nhận thẻ cư trú, **hãy khai báo địa chỉ mới trong vòng 14 ngày**. Đặt lịch trên [HiKorea](https://www.hikorea.go.kr) hoặc đến trung tâm hành chính phường.",
};

const body = (lng, n) =>
  [`## ${n}`, ...Array.from({ length: 8 }, () => PARAGRAPH[lng]), "- 1345\n- 120\n- 1577-1366"].join("\n\n");

export function seedNotices(dataDir, count = 30) {
  const notices = Array.from({ length: count }, (_, i) => ({
    itemCd: `bench-${String(i).padStart(3, "0")}`,
    pinned: i < 3,
    publishedAt: new Date(Date.now() - (i + 1) * 86_400_000).toISOString().slice(0, 10),
    category: ["general", "visa", "service", "event", "maintenance"][i % 5],
    translations: Object.fromEntries(
      Object.keys(PARAGRAPH).map((lng) => [
        lng,
        { title: `${PARAGRAPH[lng].replaceAll("**", "").slice(0, 30)} ${i}`, body: body(lng, i) },
      ]),
    ),
  }));
  const file = path.join(dataDir, "bench-notices.json");
  fs.writeFileSync(file, JSON.stringify({ notices }));
  const out = execFileSync(process.execPath, [path.join(root, "build", "content.js"), "import", file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { summary: out.trim(), measured: notices[5].itemCd };
}
