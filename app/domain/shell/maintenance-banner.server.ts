/**
 * The maintenance banner (spec 1 §4): shown until dismissed; a dismissal is remembered for
 * 30 days by a fingerprint of the banner's text and type, so a changed banner shows again.
 * The fingerprint lives in a cookie, which works without JS and without an account.
 */
import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { maintenanceBanners } from "~/db/schema";
import { invalidateShellCache } from "./shell-cache.server";

export const BANNER_COOKIE = "fd_banner_dismissed";
export const BANNER_DISMISSAL_SECONDS = 30 * 24 * 60 * 60;

export type MaintenanceBanner = { text: string; type: "information" | "warning"; fingerprint: string };

export function bannerFingerprint(banner: { text: string; type: string }): string {
  return createHash("sha256").update(`${banner.type}\n${banner.text}`).digest("base64url").slice(0, 22);
}

export async function getActiveBanner(db: Db): Promise<MaintenanceBanner | null> {
  const [row] = await db
    .select({ text: maintenanceBanners.text, type: maintenanceBanners.type })
    .from(maintenanceBanners)
    .where(eq(maintenanceBanners.active, true))
    .orderBy(desc(maintenanceBanners.createdAt), desc(maintenanceBanners.id))
    .limit(1);
  if (!row || row.text.trim() === "") return null;
  return { ...row, fingerprint: bannerFingerprint(row) };
}

export function isBannerDismissed(banner: MaintenanceBanner, dismissedFingerprint: string | undefined): boolean {
  return dismissedFingerprint === banner.fingerprint;
}

/** Replaces the live banner (admin use and seeding); an empty text takes it down. */
export async function setBanner(db: Db, banner: { text: string; type: "information" | "warning" } | null) {
  await db.transaction(async (tx) => {
    await tx.update(maintenanceBanners).set({ active: false }).where(eq(maintenanceBanners.active, true));
    if (banner && banner.text.trim() !== "") {
      await tx.insert(maintenanceBanners).values({ ...banner, active: true });
    }
  });
  invalidateShellCache(db);
}
