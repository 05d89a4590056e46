/**
 * What the main page shows a signed-in member: their name, their visa in their
 * language and how their stay stands today.
 */
import type { Services } from "~/context";
import { formatDate } from "~/lib/format";
import { statusOfVisa } from "~/visa/catalogue";
import { visaLabel } from "~/visa/catalogue.server";
import { stayOutlook, type StayOutlook } from "~/visa/stay";

export interface MemberHome {
  name: string;
  /** ISO 3166-1 alpha-2, for the home page's rate (their remittance corridor); null when not given. */
  nationality: string | null;
  /** The stored visa ("E-9" or a sub-type "D-2-1"), its status for the finder's page, and how it is shown. */
  visa: { code: string; status: string; label: string } | null;
  /** Null without a stored expiry date. */
  stay: StayOutlook | null;
}

export async function memberHome(
  services: Pick<Services, "stores">,
  uid: string,
  lng: string,
  today = formatDate(new Date()),
): Promise<MemberHome | null> {
  const profile = await services.stores.members.profile(uid);
  if (!profile) return null;
  const status = profile.visa ? statusOfVisa(profile.visa) : null;
  const label = status && profile.visa ? await visaLabel(profile.visa, lng) : null;
  return {
    name: profile.name,
    nationality: profile.nationality,
    visa: status && label ? { code: profile.visa!, status: status.code, label } : null,
    stay: profile.visaExpiresOn ? stayOutlook(profile.visaExpiresOn, today) : null,
  };
}
