// How long a session lasts, at most, from the sign-in that started it
// (auth.sessionDuration): renewals carry its start along and never pass its
// end, after which only a new sign-in gives a session. A week: a person
// signs in again once a week at most, while a copied session cookie or
// token is good for a week at most, whatever renews it (decision 042).
export const DEFAULT_SESSION_DURATION_MS = 7 * 24 * 60 * 60 * 1000;
