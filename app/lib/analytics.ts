/**
 * Page-view tracking, the analytics tag and the social pixel. They run only when
 * the request's host is the configured production host and their ids are set;
 * everywhere else (localhost, previews, tests) nothing third-party is emitted.
 */

/** Page-view labels of spec §2; any other path is reported under its own path. */
export const pageViewLabels: Readonly<Record<string, string>> = {
  "/": "main",
  "/community": "community",
  "/mypage": "settings",
  "/mypage/community": "my community",
  "/mypage/notice": "notices",
  "/mypage/terms": "terms",
  "/member/start": "login",
  "/member/startId": "login with ID",
  "/member/agree": "sign-up terms list",
  "/member/accountInfo": "sign-up ID",
  "/member/userInfo": "sign-up user information",
  "/member/addInfo": "sign-up additional information",
  "/member/complete": "sign-up complete",
  "/noti": "notifications",
  "/benefit": "benefits",
};

export function pageViewLabel(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname || "/";
  return pageViewLabels[path] ?? path;
}

export interface AnalyticsSettings {
  gaId: string | null;
  pixelId: string | null;
}

interface AnalyticsConfig {
  PRODUCTION_HOST?: string;
  GA_MEASUREMENT_ID?: string;
  META_PIXEL_ID?: string;
  TRANSLATE_WIDGET?: boolean;
}

/** What a page served to `host` may emit, or null when it must emit nothing. */
export function analyticsFor(host: string | null | undefined, config: AnalyticsConfig): AnalyticsSettings | null {
  if (!host || !config.PRODUCTION_HOST) return null;
  if (host.toLowerCase() !== config.PRODUCTION_HOST.toLowerCase()) return null;
  const settings = { gaId: config.GA_MEASUREMENT_ID ?? null, pixelId: config.META_PIXEL_ID ?? null };
  return settings.gaId || settings.pixelId ? settings : null;
}

export const GA_SCRIPT = "https://www.googletagmanager.com/gtag/js";
export const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
export const TRANSLATE_SCRIPT = "https://translate.google.com/translate_a/element.js";

/** Origins the CSP must allow for the third parties that are configured. */
export function cspAllowances(config: AnalyticsConfig) {
  const allow = {
    script: [] as string[],
    style: [] as string[],
    img: [] as string[],
    connect: [] as string[],
    frame: [] as string[],
  };
  if (config.PRODUCTION_HOST && config.GA_MEASUREMENT_ID) {
    allow.script.push("https://www.googletagmanager.com");
    allow.img.push("https://www.google-analytics.com", "https://www.googletagmanager.com");
    allow.connect.push("https://*.google-analytics.com", "https://*.analytics.google.com");
  }
  if (config.PRODUCTION_HOST && config.META_PIXEL_ID) {
    allow.script.push("https://connect.facebook.net");
    allow.img.push("https://www.facebook.com");
    allow.connect.push("https://www.facebook.com");
  }
  if (config.TRANSLATE_WIDGET) {
    allow.script.push("https://translate.google.com", "https://translate.googleapis.com");
    // The widget injects its own styles and frames.
    allow.style.push("'unsafe-inline'", "https://www.gstatic.com");
    allow.img.push("https://www.gstatic.com", "https://translate.googleapis.com", "https://www.google.com");
    allow.connect.push("https://translate.googleapis.com");
    allow.frame.push("https://translate.google.com");
  }
  return allow;
}
