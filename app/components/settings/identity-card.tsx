import { Form } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useTranslation } from "~/components/ui/root-data";
import type { UserProfile } from "~/lib/settings/profile.server";

/** Settings > General's profile card: picture, name, email and entity ref. */
export function IdentityCard({ profile }: { profile: UserProfile }) {
  const t = useTranslation();
  return (
    <section aria-labelledby="profile-title" className="rounded bg-white p-6 shadow dark:bg-slate-900" data-testid="identity-card">
      <h2 id="profile-title" className="text-lg font-semibold">
        {t("settings.profile.title")}
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={profile.displayName} picture={profile.picture} alt={t("settings.profile.picture", { name: profile.displayName })} />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold">{profile.displayName}</p>
          {profile.email ? <p className="truncate text-slate-600 dark:text-slate-400">{profile.email}</p> : null}
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">{profile.userEntityRef}</p>
          {profile.guest ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("settings.profile.guest")}</p> : null}
        </div>
      </div>
      {profile.guestStars ? (
        <Form method="post" action="/settings/guest-stars/keep" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <p>{t("settings.profile.guestStars", { count: profile.guestStars })}</p>
          <button name="intent" value="keep-guest-stars" className="rounded bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700">
            {t("settings.profile.keepGuestStars")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
