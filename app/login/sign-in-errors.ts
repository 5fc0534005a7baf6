// What the sign-in page says for each ?error= code next-auth or Meridian's OIDC sign-in sends
// (https://next-auth.js.org/configuration/pages#error-codes), in words a person can act on.
import { signInRetryAfter, waitInWords } from "@/lib/domain/retry-wait";

/** The sentence for an error code; `provider` is the single sign-on's display name. */
export function signInErrorMessage(code: string, provider: string): string {
  const wait = signInRetryAfter(code);
  if (wait !== null) return `Too many failed sign-ins. Try again in ${waitInWords(wait)}.`;
  switch (code) {
    case "NoRole":
      return `Your ${provider} account is not in a Meridian group, so it has no role here. Ask your administrator to add you to one.`;
    case "NoEmail":
      return `${provider} did not send an email address for your account, and Meridian needs one. Ask your administrator to release the email claim.`;
    case "EmailTaken":
      return `A Meridian account with your email already exists and is not linked to ${provider}. Ask a Meridian admin to link it.`;
    case "BootstrapAdmin":
      return `This is Meridian's bootstrap admin account: it signs in with its email and password, never through ${provider}.`;
    case "Disabled":
      return "Your Meridian account is disabled. Ask a Meridian admin to enable it.";
    case "OAuthCallback":
      return `Meridian could not verify the answer from ${provider}: it had expired or did not belong to this sign-in. Please sign in again.`;
    case "OAuthSignin":
      return `Meridian could not start signing in with ${provider}. Try again, or ask your administrator to check the single sign-on settings.`;
    case "Configuration":
      return "Single sign-on is not configured correctly on this server. Ask your administrator.";
    case "AccessDenied":
      return "Sign-in was refused.";
    case "SessionRequired":
      return "Please sign in to continue.";
    default:
      return "Sign-in failed. Please try again.";
  }
}
